@NullMarked
package dev.paperorchestra.literature;

import org.jspecify.annotations.NullMarked;
