@NullMarked
package dev.paperorchestra.cli.badinput;

import org.jspecify.annotations.NullMarked;
