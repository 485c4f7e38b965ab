@NullMarked
package dev.paperorchestra.content.materials;

import org.jspecify.annotations.NullMarked;
