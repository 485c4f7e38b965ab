/** Log tables as booktabs floats, and the check that every logged number is in the paper as logged. */
@NullMarked
package dev.paperorchestra.writer.tables;

import org.jspecify.annotations.NullMarked;
