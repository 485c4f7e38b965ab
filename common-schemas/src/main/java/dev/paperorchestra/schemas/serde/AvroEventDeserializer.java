package dev.paperorchestra.schemas.serde;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.jspecify.annotations.Nullable;

/**
 * Reads Avro single-object encoded records of any event type: the fingerprint in the header says which
 * schema wrote it, current or a kept earlier version, and the record is resolved to the current class.
 */
public final class AvroEventDeserializer implements Deserializer<SpecificRecord> {

    private static final byte MARKER_0 = (byte) 0xC3;
    private static final byte MARKER_1 = (byte) 0x01;

    /** Fingerprint of every known writer schema (current and historic) to the decoder of its class. */
    private final Map<Long, BinaryMessageDecoder<SpecificRecord>> decoders = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();

    public AvroEventDeserializer() {
        for (Class<? extends SpecificRecord> type : EventTypes.ALL) {
            Schema current = EventTypes.schemaOf(type);
            BinaryMessageDecoder<SpecificRecord> decoder =
                    new BinaryMessageDecoder<>(SpecificData.getForSchema(current), current);
            register(current, decoder);
            for (Schema previous : SchemaHistory.previousVersions(current.getFullName())) {
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
        if (data.length < 10 || data[0] != MARKER_0 || data[1] != MARKER_1) {
            throw new SerializationException("record on " + topic
                    + " is not Avro single-object encoded (missing C3 01 marker)");
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
}
