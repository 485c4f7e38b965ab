@NullMarked
package dev.paperorchestra.schemas.topics;

import org.jspecify.annotations.NullMarked;
