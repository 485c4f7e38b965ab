@NullMarked
package dev.paperorchestra.cli;

import org.jspecify.annotations.NullMarked;
