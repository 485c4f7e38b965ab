/** Avro event types (generated), the topic catalog and the Kafka serde. */
@NullMarked
package dev.paperorchestra.schemas;

import org.jspecify.annotations.NullMarked;
