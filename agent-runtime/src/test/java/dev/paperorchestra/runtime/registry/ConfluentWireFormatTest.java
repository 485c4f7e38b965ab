package dev.paperorchestra.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.testing.StubSchemaRegistry;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.serde.SchemaHistory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConfluentWireFormatTest {

    private static final String TOPIC = "paper-status";
    private static final PaperStatusChangedEvent EVENT = PaperStatusChangedEvent.newBuilder()
            .setPaperId("p-1").setStage("writing").setAgent("writer-agent").setState(StageState.COMPLETED)
            .setMessage("drafted").setOccurredAt(Instant.ofEpochMilli(1_700_000_000_000L)).build();

    private final StubSchemaRegistry registry = SchemaRegistryClientTest.startRegistry();
    private final Map<String, Object> config = Map.of(EventSerdes.URL, registry.url().toString());

    @AfterEach
    void stop() {
        registry.close();
    }

    @Test
    void without_a_registry_url_events_stay_single_object_encoded() {
        byte[] bytes = EventSerdes.serializer(Map.of()).serialize(TOPIC, EVENT);

        assertThat(bytes[0]).isEqualTo((byte) 0xC3);
        assertThat(bytes[1]).isEqualTo((byte) 0x01);
        assertThat(registry.requests()).isEmpty();
    }

    @Test
    void with_a_registry_an_event_is_framed_with_byte_zero_and_the_id_registered_under_topic_value()
            throws IOException {
        byte[] bytes = EventSerdes.serializer(config).serialize(TOPIC, EVENT);

        int id = ByteBuffer.wrap(bytes, 1, 4).getInt();
        assertThat(bytes[0]).isZero();
        assertThat(registry.subjects()).containsExactly("paper-status-value");
        assertThat(id).isEqualTo(registry.add("paper-status-value", EVENT.getSchema().toString()));
        // what follows the five header bytes is plain Avro binary, readable by any registry-aware tool
        GenericRecord plain = new GenericDatumReader<GenericRecord>(EVENT.getSchema())
                .read(null, DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null));
        assertThat(plain.get("paperId")).hasToString("p-1");
    }

    @Test
    void a_reader_with_its_own_client_fetches_the_schema_by_id_and_reads_the_event() {
        byte[] bytes = EventSerdes.serializer(config).serialize(TOPIC, EVENT);

        SpecificRecord read = freshReader().deserialize(TOPIC, bytes);

        assertThat(read).isEqualTo(EVENT);
        assertThat(registry.requests()).contains("GET /schemas/ids/" + ByteBuffer.wrap(bytes, 1, 4).getInt());
    }

    @Test
    void one_reader_reads_both_encodings_on_the_same_topic() {
        byte[] singleObject = EventSerdes.serializer(Map.of()).serialize(TOPIC, EVENT);
        byte[] confluent = EventSerdes.serializer(config).serialize(TOPIC, EVENT);
        AvroEventDeserializer reader = EventSerdes.deserializer(config);

        assertThat(reader.deserialize(TOPIC, singleObject)).isEqualTo(EVENT);
        assertThat(reader.deserialize(TOPIC, confluent)).isEqualTo(EVENT);
    }

    @Test
    void reads_a_record_written_with_an_older_schema_version() throws IOException {
        Schema v1 = SchemaHistory.previousVersions(PaperStatusChangedEvent.getClassSchema().getFullName()).getFirst();
        assertThat(v1.getField("traceId")).isNull();
        GenericRecord old = status(v1);
        int id = registry.add("paper-status-value", v1.toString());

        PaperStatusChangedEvent read = (PaperStatusChangedEvent) freshReader().deserialize(TOPIC, framed(id, old));

        assertThat(read.getPaperId()).isEqualTo("p-1");
        assertThat(read.getState()).isEqualTo(StageState.COMPLETED);
        assertThat(read.getTraceId()).isNull();
    }

    /** A writer that still names the event FiguresRenderedEvent (v1, registered under that name) is read. */
    @Test
    void reads_a_record_written_under_the_former_name_of_a_renamed_event() throws IOException {
        FiguresReadyEvent event = FiguresReadyEvent.newBuilder().setContext(context())
                .setSkipped(List.of("fig_extra: no data")).build();
        Schema v1 = SchemaHistory.previousVersions("dev.paperorchestra.schemas.FiguresRenderedEvent").getFirst();
        int id = registry.add("figures-ready-value", v1.toString());

        SpecificRecord read = freshReader().deserialize("figures-ready", framed(id, asWrittenBy(v1, event)));

        assertThat(read).isInstanceOf(FiguresReadyEvent.class).isEqualTo(event);
    }

    /** The event projected onto an older writer schema: what that writer had of it. */
    private static GenericRecord asWrittenBy(Schema writer, SpecificRecord event) throws IOException {
        ByteArrayOutputStream current = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(current, null);
        new SpecificDatumWriter<SpecificRecord>(event.getSchema()).write(event, encoder);
        encoder.flush();
        return new GenericDatumReader<GenericRecord>(event.getSchema(), writer, GenericData.get())
                .read(null, DecoderFactory.get().binaryDecoder(current.toByteArray(), null));
    }

    private static PaperContext context() {
        ArtifactRef ref = ArtifactRef.newBuilder().setUri("file:///blobs/ab").setSha256("ab").setSizeBytes(2)
                .setMediaType("text/plain").build();
        return PaperContext.newBuilder().setPaperId("p-1").setSubmittedAt(EVENT.getOccurredAt())
                .setMaterials(Materials.newBuilder().setSourceDirectory("examples/cvpr").setIdea(ref)
                        .setExperimentalLog(ref).setTemplate(ref).setGuidelines(ref).build())
                .setOptions(JobOptions.newBuilder().build()).build();
    }

    @Test
    void reads_a_record_from_a_newer_writer_with_an_added_optional_field() throws IOException {
        Schema v2 = newerStatusSchema();
        GenericRecord newer = status(v2);
        newer.put("traceId", "0af7651916cd43dd8448eb211c80319c");
        newer.put("priority", "high");
        int id = registry.add("paper-status-value", v2.toString());

        PaperStatusChangedEvent read = (PaperStatusChangedEvent) freshReader().deserialize(TOPIC, framed(id, newer));

        assertThat(read.getMessage()).isEqualTo("drafted");
        assertThat(read.getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
        assertThat(read.getOccurredAt()).isEqualTo(EVENT.getOccurredAt());
    }

    @Test
    void a_reader_without_a_registry_refuses_a_framed_record_naming_the_setting() {
        byte[] confluent = EventSerdes.serializer(config).serialize(TOPIC, EVENT);

        assertThatThrownBy(() -> EventSerdes.deserializer(Map.of()).deserialize(TOPIC, confluent))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Confluent wire format").hasMessageContaining("po.schema-registry.url");
    }

    @Test
    void a_framed_record_of_a_type_this_reader_does_not_know_is_refused_by_name() throws IOException {
        Schema foreign = new Schema.Parser().parse("""
                {"type":"record","name":"Unknown","namespace":"elsewhere","fields":[{"name":"x","type":"int"}]}""");
        GenericRecord record = new GenericData.Record(foreign);
        record.put("x", 1);
        int id = registry.add("paper-status-value", foreign.toString());

        assertThatThrownBy(() -> freshReader().deserialize(TOPIC, framed(id, record)))
                .isInstanceOf(SerializationException.class).hasMessageContaining("elsewhere.Unknown");
    }

    @Test
    void the_typed_streams_serde_round_trips_through_the_registry() {
        Serde<PaperStatusChangedEvent> serde = EventSerdes.of(PaperStatusChangedEvent.class, config);

        byte[] bytes = serde.serializer().serialize("views-changelog", EVENT);

        assertThat(bytes[0]).isZero();
        assertThat(serde.deserializer().deserialize("views-changelog", bytes)).isEqualTo(EVENT);
        assertThat(registry.subjects()).containsExactly("views-changelog-value");
    }

    /** A reader with its own registry client, so nothing the writer cached helps it. */
    private AvroEventDeserializer freshReader() {
        return new AvroEventDeserializer(SchemaRegistryClientTest.client(registry.url()));
    }

    private static Schema newerStatusSchema() {
        String current = PaperStatusChangedEvent.getClassSchema().toString();
        String added = ",{\"name\":\"priority\",\"type\":[\"null\",\"string\"],\"default\":null,"
                + "\"doc\":\"A field this reader has never seen.\"}]";
        return new Schema.Parser().parse(current.substring(0, current.lastIndexOf(']')) + added
                + current.substring(current.lastIndexOf(']') + 1));
    }

    private static GenericRecord status(Schema schema) {
        GenericRecord record = new GenericData.Record(schema);
        record.put("paperId", "p-1");
        record.put("stage", "writing");
        record.put("agent", "writer-agent");
        record.put("state", new GenericData.EnumSymbol(schema.getField("state").schema(), "COMPLETED"));
        record.put("message", "drafted");
        record.put("occurredAt", EVENT.getOccurredAt().toEpochMilli());
        return record;
    }

    private static byte[] framed(int id, GenericRecord record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(ByteBuffer.allocate(4).putInt(id).array());
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
