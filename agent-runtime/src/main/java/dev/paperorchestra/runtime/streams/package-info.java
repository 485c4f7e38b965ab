@NullMarked
package dev.paperorchestra.runtime.streams;

import org.jspecify.annotations.NullMarked;
