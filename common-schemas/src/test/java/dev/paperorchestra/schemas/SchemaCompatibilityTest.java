package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.serde.EventTypes;
import dev.paperorchestra.schemas.serde.SchemaHistory;
import dev.paperorchestra.schemas.state.DraftInputsState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

/**
 * Backward compatibility: a consumer built from the current schemas must read every record written with a
 * kept earlier version. When this fails, either make the change compatible (new fields need defaults, no
 * type narrowing, no removed enum symbols) or, for a deliberate break, introduce a new event type.
 */
class SchemaCompatibilityTest {

    @Test
    void every_event_type_has_a_kept_previous_version() {
        List<String> missing = new ArrayList<>();
        for (Class<? extends SpecificRecord> type : EventTypes.ALL) {
            if (SchemaHistory.previousVersions(EventTypes.schemaOf(type)).isEmpty()) {
                missing.add(type.getSimpleName());
            }
        }
        assertThat(missing)
                .as("copy the schema into common-schemas/src/main/resources/avro-history/<version>/")
                .isEmpty();
    }

    @Test
    void every_current_schema_reads_data_written_with_every_kept_version() {
        List<String> incompatible = new ArrayList<>();
        for (Class<? extends SpecificRecord> type : EventTypes.ALL) {
            Schema current = EventTypes.schemaOf(type);
            for (Schema previous : SchemaHistory.previousVersions(current)) {
                var result = SchemaCompatibility.checkReaderWriterCompatibility(current, previous).getResult();
                if (result.getCompatibility() != SchemaCompatibilityType.COMPATIBLE) {
                    incompatible.add(current.getFullName() + ": " + result.getIncompatibilities());
                }
            }
        }
        assertThat(incompatible).isEmpty();
    }

    /**
     * The events named after their topics (literature-ready, figures-ready) were LiteratureDraftedEvent and
     * FiguresRenderedEvent; records written under those names, alone, nested in a draft request or in the
     * writer join's state, must still be read, as the renamed classes. Each record here is written with the kept
     * v1 schema of the former name, framed as the producers frame it, and read by the production decoder.
     */
    @Test
    void records_written_under_the_former_event_names_read_as_the_renamed_events() throws IOException {
        LiteratureReadyEvent literature = literature();
        FiguresReadyEvent figures = figures();
        List<SpecificRecord> events = List.of(literature, figures,
                DraftRequestedEvent.newBuilder().setLiterature(literature).setFigures(figures).build(),
                DraftInputsState.newBuilder().setLiterature(literature).build());
        AvroEventDeserializer decoder = new AvroEventDeserializer();

        for (SpecificRecord event : events) {
            Schema current = event.getSchema();
            String formerName = current.getAliases().isEmpty() ? current.getFullName()
                    : current.getAliases().iterator().next();
            List<Schema> v1 = SchemaHistory.previousVersions(formerName);
            assertThat(v1).as("kept v1 of " + formerName).isNotEmpty();

            Object read = decoder.deserialize("literature-ready", asWrittenBy(v1.getFirst(), event));

            assertThat(read).as(formerName).isInstanceOf(event.getClass()).isEqualTo(event);
        }
        assertThat(LiteratureReadyEvent.getClassSchema().getAliases())
                .containsExactly("dev.paperorchestra.schemas.LiteratureDraftedEvent");
        assertThat(FiguresReadyEvent.getClassSchema().getAliases())
                .containsExactly("dev.paperorchestra.schemas.FiguresRenderedEvent");
    }

    /** The event as an old producer with this writer schema would have framed it (single-object encoding). */
    private static byte[] asWrittenBy(Schema writer, SpecificRecord event) throws IOException {
        ByteArrayOutputStream current = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(current, null);
        new SpecificDatumWriter<SpecificRecord>(event.getSchema()).write(event, encoder);
        encoder.flush();
        // project onto the old schema: what the old writer had of this record
        GenericRecord old = new GenericDatumReader<GenericRecord>(event.getSchema(), writer, GenericData.get())
                .read(null, DecoderFactory.get().binaryDecoder(current.toByteArray(), null));
        return new BinaryMessageEncoder<GenericRecord>(GenericData.get(), writer).encode(old).array();
    }

    private static LiteratureReadyEvent literature() {
        return LiteratureReadyEvent.newBuilder().setContext(context()).setCitationMap(artifact("map"))
                .setBibliography(artifact("bib")).setDraft(artifact("draft")).setCandidateCount(12)
                .setVerifiedCount(9).setRejectedCount(3).setScholarRequests(4).build();
    }

    private static FiguresReadyEvent figures() {
        return FiguresReadyEvent.newBuilder().setContext(context()).setFigures(List.of(Figure.newBuilder()
                .setFigureId("fig_ablation").setTitle("Ablation").setFileName("fig_ablation.pdf")
                .setPdf(artifact("pdf")).setCaption("Ablation of the depth prior.").setAspectRatio("16:9")
                .build())).setSkipped(List.of("fig_extra: no data")).build();
    }

    private static PaperContext context() {
        return PaperContext.newBuilder().setPaperId("p-1").setSubmittedAt(Instant.ofEpochMilli(1_700_000_000_000L))
                .setMaterials(Materials.newBuilder().setSourceDirectory("examples/cvpr").setIdea(artifact("idea"))
                        .setExperimentalLog(artifact("log")).setTemplate(artifact("template"))
                        .setGuidelines(artifact("guidelines")).build())
                .setOptions(JobOptions.newBuilder().build()).build();
    }

    private static ArtifactRef artifact(String name) {
        return ArtifactRef.newBuilder().setUri("file:///blobs/" + name).setSha256(name.repeat(2))
                .setSizeBytes(name.length()).setMediaType("text/plain").build();
    }

    @Test
    void a_new_field_without_default_is_reported_as_incompatible() {
        Schema previous = new Schema.Parser().parse("""
                {"type":"record","name":"Probe","fields":[{"name":"a","type":"string"}]}""");
        Schema changed = new Schema.Parser().parse("""
                {"type":"record","name":"Probe","fields":[{"name":"a","type":"string"},{"name":"b","type":"int"}]}""");

        var result = SchemaCompatibility.checkReaderWriterCompatibility(changed, previous).getResult();

        assertThat(result.getCompatibility()).isEqualTo(SchemaCompatibilityType.INCOMPATIBLE);
    }

    @Test
    void a_new_optional_field_with_default_is_compatible() {
        Schema previous = new Schema.Parser().parse("""
                {"type":"record","name":"Probe","fields":[{"name":"a","type":"string"}]}""");
        Schema changed = new Schema.Parser().parse("""
                {"type":"record","name":"Probe","fields":[{"name":"a","type":"string"},
                 {"name":"b","type":["null","int"],"default":null}]}""");

        var result = SchemaCompatibility.checkReaderWriterCompatibility(changed, previous).getResult();

        assertThat(result.getCompatibility()).isEqualTo(SchemaCompatibilityType.COMPATIBLE);
    }

    @Test
    void every_schema_documents_every_record_and_field() {
        List<String> undocumented = new ArrayList<>();
        for (Class<? extends SpecificRecord> type : EventTypes.ALL) {
            collectUndocumented(EventTypes.schemaOf(type), undocumented, new ArrayList<>());
        }
        assertThat(undocumented).isEmpty();
    }

    private static void collectUndocumented(Schema schema, List<String> out, List<String> seen) {
        switch (schema.getType()) {
            case RECORD -> {
                if (seen.contains(schema.getFullName())) {
                    return;
                }
                seen.add(schema.getFullName());
                if (schema.getDoc() == null || schema.getDoc().isBlank()) {
                    out.add(schema.getFullName());
                }
                for (Schema.Field field : schema.getFields()) {
                    if (field.doc() == null || field.doc().isBlank()) {
                        out.add(schema.getFullName() + "." + field.name());
                    }
                    collectUndocumented(field.schema(), out, seen);
                }
            }
            case UNION -> schema.getTypes().forEach(s -> collectUndocumented(s, out, seen));
            case ARRAY -> collectUndocumented(schema.getElementType(), out, seen);
            case MAP -> collectUndocumented(schema.getValueType(), out, seen);
            default -> {
            }
        }
    }
}
