@NullMarked
package dev.paperorchestra.runtime.kafka;

import org.jspecify.annotations.NullMarked;
