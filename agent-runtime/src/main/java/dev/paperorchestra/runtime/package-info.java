@NullMarked
package dev.paperorchestra.runtime;

import org.jspecify.annotations.NullMarked;
