@NullMarked
package dev.paperorchestra.literature.collect;

import org.jspecify.annotations.NullMarked;
