package dev.paperorchestra.schemas.serde;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.jspecify.annotations.Nullable;

/**
 * Reads records of any event type in either encoding, told apart by the first byte. Single-object encoding
 * (C3 01): the fingerprint in the header says which schema wrote it, current or a kept earlier version. The
 * Confluent wire format (00): the schema id is looked up in the registry, so a record from a newer writer whose
 * schema this reader has never seen is still read. Either way the record is resolved to the current class.
 */
public final class AvroEventDeserializer implements Deserializer<SpecificRecord> {

    private static final byte MARKER_0 = (byte) 0xC3;
    private static final byte MARKER_1 = (byte) 0x01;
    private static final int CONFLUENT_HEADER = 5;

    private final @Nullable SchemaRegistry registry;
    /** Fingerprint of every known writer schema (current and historic) to the decoder of its class. */
    private final Map<Long, BinaryMessageDecoder<SpecificRecord>> decoders = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    /** Full name (and former names) of every known type to its current (reader) schema. */
    private final Map<String, Schema> readerSchemas = new HashMap<>();
    /** Registry schema id to the reader resolving that writer schema to the current class. */
    private final Map<Integer, SpecificDatumReader<SpecificRecord>> byId = new ConcurrentHashMap<>();

    /** Single-object encoding only; a Confluent-framed record fails with a message naming the missing setting. */
    public AvroEventDeserializer() {
        this(null);
    }

    /** Both encodings, fetching unknown schema ids from this registry. */
    public AvroEventDeserializer(@Nullable SchemaRegistry registry) {
        this.registry = registry;
        for (Class<? extends SpecificRecord> type : EventTypes.ALL) {
            Schema current = EventTypes.schemaOf(type);
            readerSchemas.put(current.getFullName(), current);
            // a writer of the type's former name (before a rename) resolves to the renamed class
            current.getAliases().forEach(alias -> readerSchemas.put(alias, current));
            BinaryMessageDecoder<SpecificRecord> decoder =
                    new BinaryMessageDecoder<>(SpecificData.getForSchema(current), current);
            register(current, decoder);
            for (Schema previous : SchemaHistory.previousVersions(current)) {
                decoder.addSchema(previous);
                register(previous, decoder);
            }
        }
    }

    private void register(Schema schema, BinaryMessageDecoder<SpecificRecord> decoder) {
        long fingerprint = SchemaNormalization.parsingFingerprint64(schema);
        decoders.put(fingerprint, decoder);
        names.put(fingerprint, schema.getFullName());
    }

    @Override
    public @Nullable SpecificRecord deserialize(String topic, byte @Nullable [] data) {
        if (data == null) {
            return null;
        }
        if (data.length >= CONFLUENT_HEADER && data[0] == AvroEventSerializer.CONFLUENT_MAGIC) {
            return confluent(topic, data);
        }
        if (data.length < 10 || data[0] != MARKER_0 || data[1] != MARKER_1) {
            throw new SerializationException("record on " + topic + " is neither Avro single-object encoded "
                    + "(C3 01 marker) nor in the Confluent wire format (00 and a schema id)");
        }
        long fingerprint = ByteBuffer.wrap(data, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        BinaryMessageDecoder<SpecificRecord> decoder = decoders.get(fingerprint);
        if (decoder == null) {
            throw new SerializationException("record on " + topic + " was written with an unknown schema "
                    + "(fingerprint " + Long.toHexString(fingerprint) + "); is this reader older than the writer?");
        }
        try {
            return decoder.decode(data);
        } catch (Exception e) {
            throw new SerializationException("cannot read " + names.get(fingerprint) + " from " + topic, e);
        }
    }

    private SpecificRecord confluent(String topic, byte[] data) {
        int id = ByteBuffer.wrap(data, 1, 4).getInt();
        SchemaRegistry known = registry;
        if (known == null) {
            throw new SerializationException("record on " + topic + " is in the Confluent wire format (schema id "
                    + id + ") but no schema registry is configured: set po.schema-registry.url");
        }
        // registry failures keep their own (retriable or permanent) type: only decoding errors are wrapped
        SpecificDatumReader<SpecificRecord> reader = byId.computeIfAbsent(id, key -> readerFor(known, key));
        try {
            return reader.read(null, DecoderFactory.get().binaryDecoder(data, CONFLUENT_HEADER,
                    data.length - CONFLUENT_HEADER, null));
        } catch (Exception e) {
            throw new SerializationException("cannot read " + reader.getSchema().getFullName() + " (schema id "
                    + id + ") from " + topic, e);
        }
    }

    private SpecificDatumReader<SpecificRecord> readerFor(SchemaRegistry known, int id) {
        Schema writer = known.schemaById(id);
        Schema reader = readerSchemas.get(writer.getFullName());
        if (reader == null) {
            throw new SerializationException("schema id " + id + " is " + writer.getFullName()
                    + ", which is not an event type this reader knows");
        }
        return new SpecificDatumReader<>(writer, reader, SpecificData.getForSchema(reader));
    }
}
