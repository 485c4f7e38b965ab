@NullMarked
package dev.paperorchestra.embedded.pipeline;

import org.jspecify.annotations.NullMarked;
