@NullMarked
package dev.paperorchestra.runtime.materials;

import org.jspecify.annotations.NullMarked;
