@NullMarked
package dev.paperorchestra.outline.testing;

import org.jspecify.annotations.NullMarked;
