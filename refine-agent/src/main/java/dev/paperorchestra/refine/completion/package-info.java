@NullMarked
package dev.paperorchestra.refine.completion;

import org.jspecify.annotations.NullMarked;
