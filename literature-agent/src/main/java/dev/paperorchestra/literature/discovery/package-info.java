@NullMarked
package dev.paperorchestra.literature.discovery;

import org.jspecify.annotations.NullMarked;
