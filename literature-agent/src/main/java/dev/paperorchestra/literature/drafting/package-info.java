@NullMarked
package dev.paperorchestra.literature.drafting;

import org.jspecify.annotations.NullMarked;
