@NullMarked
package dev.paperorchestra.literature.plan;

import org.jspecify.annotations.NullMarked;
