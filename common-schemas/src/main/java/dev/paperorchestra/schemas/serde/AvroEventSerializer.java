package dev.paperorchestra.schemas.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * Writes any generated event. Without a registry: Avro single-object encoding (marker C3 01, the schema's
 * 8-byte fingerprint, then the binary body), so a reader needs no registry to know what it got. With one: the
 * Confluent wire format (byte 0, the 4-byte big-endian id of the schema registered under {@code <topic>-value},
 * then the binary body), which every registry-aware tool reads. Raw bytes pass through unchanged: that is how a
 * record that could not even be deserialised reaches its dead-letter topic intact.
 */
public final class AvroEventSerializer implements Serializer<Object> {

    /** The first byte of a record in the Confluent wire format. */
    static final byte CONFLUENT_MAGIC = 0;

    private final @Nullable SchemaRegistry registry;
    private final Map<Class<?>, BinaryMessageEncoder<SpecificRecord>> encoders = new ConcurrentHashMap<>();
    private final Map<Class<?>, SpecificDatumWriter<SpecificRecord>> writers = new ConcurrentHashMap<>();

    /** Single-object encoding, no registry. */
    public AvroEventSerializer() {
        this(null);
    }

    /** The Confluent wire format through this registry, or single-object encoding when it is null. */
    public AvroEventSerializer(@Nullable SchemaRegistry registry) {
        this.registry = registry;
    }

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
        return registry == null ? singleObject(topic, data) : confluent(registry, topic, data);
    }

    private byte[] singleObject(String topic, SpecificRecord data) {
        BinaryMessageEncoder<SpecificRecord> encoder = encoders.computeIfAbsent(data.getClass(), type -> {
            Schema schema = data.getSchema();
            return new BinaryMessageEncoder<>(SpecificData.getForSchema(schema), schema);
        });
        try {
            return encoder.encode(data).array();
        } catch (IOException | RuntimeException e) {
            throw cannotWrite(topic, data, e);
        }
    }

    private byte[] confluent(SchemaRegistry registry, String topic, SpecificRecord data) {
        // registry failures keep their own (retriable or permanent) type: only encoding errors are wrapped
        int id = registry.register(topic + "-value", data.getSchema());
        SpecificDatumWriter<SpecificRecord> writer = writers.computeIfAbsent(data.getClass(),
                type -> new SpecificDatumWriter<>(data.getSchema(), SpecificData.getForSchema(data.getSchema())));
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(128);
            out.write(CONFLUENT_MAGIC);
            out.write(id >>> 24);
            out.write(id >>> 16);
            out.write(id >>> 8);
            out.write(id);
            BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
            writer.write(data, encoder);
            encoder.flush();
            return out.toByteArray();
        } catch (IOException | RuntimeException e) {
            throw cannotWrite(topic, data, e);
        }
    }

    private static SerializationException cannotWrite(String topic, SpecificRecord data, Exception e) {
        return new SerializationException("cannot write " + data.getSchema().getFullName() + " to " + topic, e);
    }
}
