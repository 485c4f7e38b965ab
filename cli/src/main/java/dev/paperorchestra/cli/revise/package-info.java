/** {@code po revise}: revise a paper from human reviews, in this JVM, without Kafka (offline rules for now). */
@NullMarked
package dev.paperorchestra.cli.revise;

import org.jspecify.annotations.NullMarked;
