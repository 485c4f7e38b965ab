@NullMarked
package dev.paperorchestra.runtime.blob;

import org.jspecify.annotations.NullMarked;
