package dev.paperorchestra.schemas.serde;

import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.jspecify.annotations.Nullable;

/** Serdes for Kafka Streams state stores and topologies. */
public final class AvroSerdes {

    private AvroSerdes() {
    }

    /** A serde for any event type in single-object encoding. */
    public static Serde<SpecificRecord> anyEvent() {
        return anyEvent(null);
    }

    /** A serde for any event type, in the Confluent wire format when a registry is given. */
    public static Serde<SpecificRecord> anyEvent(@Nullable SchemaRegistry registry) {
        AvroEventSerializer serializer = new AvroEventSerializer(registry);
        Serializer<SpecificRecord> typed = serializer::serialize;
        return Serdes.serdeFrom(typed, new AvroEventDeserializer(registry));
    }

    /** A serde for one type in single-object encoding. */
    public static <T extends SpecificRecord> Serde<T> of(Class<T> type) {
        return of(type, null);
    }

    /** A serde for one type; reading a record of another type fails with a clear message. */
    @SuppressWarnings("unchecked")
    public static <T extends SpecificRecord> Serde<T> of(Class<T> type, @Nullable SchemaRegistry registry) {
        AvroEventSerializer serializer = new AvroEventSerializer(registry);
        AvroEventDeserializer deserializer = new AvroEventDeserializer(registry);
        Serializer<T> typedSerializer = (topic, data) -> serializer.serialize(topic, data);
        Deserializer<T> typedDeserializer = (topic, data) -> {
            SpecificRecord record = deserializer.deserialize(topic, data);
            if (record != null && !type.isInstance(record)) {
                throw new SerializationException("expected " + type.getSimpleName() + " on " + topic + " but got "
                        + record.getClass().getSimpleName());
            }
            return (T) record;
        };
        return Serdes.serdeFrom(typedSerializer, typedDeserializer);
    }
}
