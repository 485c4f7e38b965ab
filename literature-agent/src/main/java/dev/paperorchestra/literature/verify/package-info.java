@NullMarked
package dev.paperorchestra.literature.verify;

import org.jspecify.annotations.NullMarked;
