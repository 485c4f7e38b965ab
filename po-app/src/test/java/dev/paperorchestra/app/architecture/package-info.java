@NullMarked
package dev.paperorchestra.app.architecture;

import org.jspecify.annotations.NullMarked;
