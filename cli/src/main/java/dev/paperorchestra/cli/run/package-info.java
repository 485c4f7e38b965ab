@NullMarked
package dev.paperorchestra.cli.run;

import org.jspecify.annotations.NullMarked;
