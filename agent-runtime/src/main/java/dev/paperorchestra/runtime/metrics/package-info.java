@NullMarked
package dev.paperorchestra.runtime.metrics;

import org.jspecify.annotations.NullMarked;
