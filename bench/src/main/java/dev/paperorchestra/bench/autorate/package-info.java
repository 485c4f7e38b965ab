@NullMarked
package dev.paperorchestra.bench.autorate;

import org.jspecify.annotations.NullMarked;
