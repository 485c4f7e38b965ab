@NullMarked
package dev.paperorchestra.reviewer.measure;

import org.jspecify.annotations.NullMarked;
