@NullMarked
package dev.paperorchestra.literature.text;

import org.jspecify.annotations.NullMarked;
