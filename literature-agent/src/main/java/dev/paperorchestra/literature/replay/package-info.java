@NullMarked
package dev.paperorchestra.literature.replay;

import org.jspecify.annotations.NullMarked;
