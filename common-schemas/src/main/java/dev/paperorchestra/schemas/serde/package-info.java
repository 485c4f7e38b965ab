@NullMarked
package dev.paperorchestra.schemas.serde;

import org.jspecify.annotations.NullMarked;
