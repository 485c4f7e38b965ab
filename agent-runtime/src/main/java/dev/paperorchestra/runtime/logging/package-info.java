@NullMarked
package dev.paperorchestra.runtime.logging;

import org.jspecify.annotations.NullMarked;
