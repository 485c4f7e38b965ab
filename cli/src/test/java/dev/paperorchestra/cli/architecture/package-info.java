@NullMarked
package dev.paperorchestra.cli.architecture;

import org.jspecify.annotations.NullMarked;
