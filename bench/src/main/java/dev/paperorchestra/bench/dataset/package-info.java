@NullMarked
package dev.paperorchestra.bench.dataset;

import org.jspecify.annotations.NullMarked;
