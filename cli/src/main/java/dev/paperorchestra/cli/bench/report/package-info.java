@NullMarked
package dev.paperorchestra.cli.bench.report;

import org.jspecify.annotations.NullMarked;
