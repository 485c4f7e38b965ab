@NullMarked
package dev.paperorchestra.bench.run;

import org.jspecify.annotations.NullMarked;
