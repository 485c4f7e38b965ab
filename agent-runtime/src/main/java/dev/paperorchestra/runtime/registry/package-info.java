/**
 * The Confluent-compatible schema registry boundary: its settings, a small REST client on the JDK HTTP client
 * mapping its answers onto the runtime's exception taxonomy, and {@link EventSerdes}, the one place every Kafka
 * client gets its Avro serializer and deserializer from.
 */
@NullMarked
package dev.paperorchestra.runtime.registry;

import org.jspecify.annotations.NullMarked;
