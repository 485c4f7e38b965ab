@NullMarked
package dev.paperorchestra.literature.registry;

import org.jspecify.annotations.NullMarked;
