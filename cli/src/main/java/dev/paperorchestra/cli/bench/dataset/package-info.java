@NullMarked
package dev.paperorchestra.cli.bench.dataset;

import org.jspecify.annotations.NullMarked;
