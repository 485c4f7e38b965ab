@NullMarked
package dev.paperorchestra.runtime.errors;

import org.jspecify.annotations.NullMarked;
