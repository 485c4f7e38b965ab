@NullMarked
package dev.paperorchestra.bench;

import org.jspecify.annotations.NullMarked;
