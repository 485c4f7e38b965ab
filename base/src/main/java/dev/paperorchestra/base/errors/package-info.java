@NullMarked
package dev.paperorchestra.base.errors;

import org.jspecify.annotations.NullMarked;
