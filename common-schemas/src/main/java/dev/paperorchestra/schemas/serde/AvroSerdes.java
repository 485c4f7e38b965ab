package dev.paperorchestra.schemas.serde;

import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** Serdes for Kafka Streams state stores and topologies. */
public final class AvroSerdes {

    private AvroSerdes() {
    }

    /** A serde for any event type; values are typed by their single-object fingerprint. */
    public static Serde<SpecificRecord> anyEvent() {
        AvroEventSerializer serializer = new AvroEventSerializer();
        Serializer<SpecificRecord> typed = serializer::serialize;
        return Serdes.serdeFrom(typed, new AvroEventDeserializer());
    }

    /** A serde for one type; reading a record of another type fails with a clear message. */
    @SuppressWarnings("unchecked")
    public static <T extends SpecificRecord> Serde<T> of(Class<T> type) {
        AvroEventSerializer serializer = new AvroEventSerializer();
        AvroEventDeserializer deserializer = new AvroEventDeserializer();
        Serializer<T> typedSerializer = (topic, data) -> serializer.serialize(topic, data);
        Deserializer<T> typedDeserializer = (topic, data) -> {
            SpecificRecord record = deserializer.deserialize(topic, data);
            if (record != null && !type.isInstance(record)) {
                throw new org.apache.kafka.common.errors.SerializationException("expected "
                        + type.getSimpleName() + " on " + topic + " but got " + record.getClass().getSimpleName());
            }
            return (T) record;
        };
        return Serdes.serdeFrom(typedSerializer, typedDeserializer);
    }
}
