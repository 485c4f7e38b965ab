@NullMarked
package dev.paperorchestra.runtime.health;

import org.jspecify.annotations.NullMarked;
