@NullMarked
package dev.paperorchestra.refine.loop;

import org.jspecify.annotations.NullMarked;
