package dev.paperorchestra.schemas.serde;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * Writes any generated event in Avro single-object encoding (marker C3 01, the schema's 8-byte fingerprint,
 * then the binary body), so a reader needs no registry to know what it got. Raw bytes pass through unchanged:
 * that is how a record that could not even be deserialised reaches its dead-letter topic intact.
 */
public final class AvroEventSerializer implements Serializer<Object> {

    private final Map<Class<?>, BinaryMessageEncoder<SpecificRecord>> encoders = new ConcurrentHashMap<>();

    @Override
    public byte @Nullable [] serialize(String topic, @Nullable Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] raw) {
            return raw;
        }
        if (!(value instanceof SpecificRecord data)) {
            throw new SerializationException("only Avro events can be written to " + topic + ", not "
                    + value.getClass().getName());
        }
        BinaryMessageEncoder<SpecificRecord> encoder = encoders.computeIfAbsent(data.getClass(), type -> {
            Schema schema = data.getSchema();
            return new BinaryMessageEncoder<>(SpecificData.getForSchema(schema), schema);
        });
        try {
            return encoder.encode(data).array();
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("cannot write " + data.getSchema().getFullName() + " to " + topic, e);
        }
    }
}
