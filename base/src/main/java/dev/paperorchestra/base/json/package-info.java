@NullMarked
package dev.paperorchestra.base.json;

import org.jspecify.annotations.NullMarked;
