@NullMarked
package dev.paperorchestra.cli.bench;

import org.jspecify.annotations.NullMarked;
