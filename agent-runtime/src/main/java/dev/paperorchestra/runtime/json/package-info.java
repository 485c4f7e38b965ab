@NullMarked
package dev.paperorchestra.runtime.json;

import org.jspecify.annotations.NullMarked;
