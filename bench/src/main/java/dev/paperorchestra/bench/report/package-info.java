@NullMarked
package dev.paperorchestra.bench.report;

import org.jspecify.annotations.NullMarked;
