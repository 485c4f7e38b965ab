@NullMarked
package dev.paperorchestra.runtime.tracing;

import org.jspecify.annotations.NullMarked;
