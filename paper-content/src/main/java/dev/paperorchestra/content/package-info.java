/** Paper content: materials, LaTeX, integrity gates, archives and outputs; no Kafka. */
@NullMarked
package dev.paperorchestra.content;

import org.jspecify.annotations.NullMarked;
