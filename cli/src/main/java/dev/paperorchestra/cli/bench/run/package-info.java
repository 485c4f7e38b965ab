@NullMarked
package dev.paperorchestra.cli.bench.run;

import org.jspecify.annotations.NullMarked;
