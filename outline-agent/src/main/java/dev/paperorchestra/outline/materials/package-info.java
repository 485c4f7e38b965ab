/** Reading and checking the researcher's materials before anything is planned from them. */
@NullMarked
package dev.paperorchestra.outline.materials;

import org.jspecify.annotations.NullMarked;
