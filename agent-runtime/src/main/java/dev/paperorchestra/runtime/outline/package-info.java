@NullMarked
package dev.paperorchestra.runtime.outline;

import org.jspecify.annotations.NullMarked;
