/** The outline's JSON Schema and the validator that turns its violations into readable sentences. */
@NullMarked
package dev.paperorchestra.outline.schema;

import org.jspecify.annotations.NullMarked;
