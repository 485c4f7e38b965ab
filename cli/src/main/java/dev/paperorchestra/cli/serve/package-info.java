/** {@code po serve}: the embedded default as a long-running service (broker, every agent, the paper service). */
@NullMarked
package dev.paperorchestra.cli.serve;

import org.jspecify.annotations.NullMarked;
