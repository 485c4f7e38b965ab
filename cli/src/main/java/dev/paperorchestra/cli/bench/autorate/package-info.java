@NullMarked
package dev.paperorchestra.cli.bench.autorate;

import org.jspecify.annotations.NullMarked;
