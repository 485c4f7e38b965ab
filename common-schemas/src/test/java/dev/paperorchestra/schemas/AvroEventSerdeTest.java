package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.serde.AvroEventSerializer;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroEventSerdeTest {

    private final AvroEventSerializer serializer = new AvroEventSerializer();
    private final AvroEventDeserializer deserializer = new AvroEventDeserializer();

    @Test
    void writes_single_object_encoding_with_the_schema_fingerprint() {
        byte[] bytes = serializer.serialize("paper-status", status());

        assertThat(bytes[0]).isEqualTo((byte) 0xC3);
        assertThat(bytes[1]).isEqualTo((byte) 0x01);
        long fingerprint = ByteBuffer.wrap(bytes, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        assertThat(fingerprint)
                .isEqualTo(SchemaNormalization.parsingFingerprint64(PaperStatusChangedEvent.getClassSchema()));
    }

    @Test
    void reads_back_the_same_event_as_its_generated_class() {
        PaperStatusChangedEvent event = status();

        Object read = deserializer.deserialize("paper-status", serializer.serialize("paper-status", event));

        assertThat(read).isInstanceOf(PaperStatusChangedEvent.class).isEqualTo(event);
    }

    @Test
    void rejects_a_record_written_with_a_schema_neither_current_nor_kept_in_history() throws Exception {
        Schema older = new Schema.Parser().parse("""
                {"type":"record","name":"PaperStatusChangedEvent","namespace":"dev.paperorchestra.schemas",
                 "fields":[{"name":"paperId","type":"string"}]}""");
        GenericData.Record record = new GenericData.Record(older);
        record.put("paperId", "p-1");
        byte[] bytes = singleObject(older, record);

        assertThatThrownBy(() -> deserializer.deserialize("paper-status", bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("unknown schema");
    }

    @Test
    void rejects_bytes_that_are_not_single_object_encoded() {
        assertThatThrownBy(() -> deserializer.deserialize("paper-status", "{\"json\":true}".getBytes()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("paper-status")
                .hasMessageContaining("single-object");
    }

    @Test
    void passes_null_tombstones_through() {
        assertThat(serializer.serialize("paper-status", null)).isNull();
        assertThat(deserializer.deserialize("paper-status", null)).isNull();
    }

    private static PaperStatusChangedEvent status() {
        return PaperStatusChangedEvent.newBuilder()
                .setPaperId("p-1").setStage("outline").setAgent("outline-agent")
                .setState(StageState.STARTED).setMessage("reading materials")
                .setOccurredAt(Instant.ofEpochMilli(1_700_000_000_000L)).build();
    }

    private static byte[] singleObject(Schema schema, GenericData.Record record) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0xC3, 0x01});
        out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(SchemaNormalization.parsingFingerprint64(schema)).array());
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericData.Record>(schema).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
