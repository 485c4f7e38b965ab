package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.serde.EventTypes;
import dev.paperorchestra.schemas.serde.SchemaHistory;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
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
            if (SchemaHistory.previousVersions(EventTypes.schemaOf(type).getFullName()).isEmpty()) {
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
            for (Schema previous : SchemaHistory.previousVersions(current.getFullName())) {
                var result = SchemaCompatibility.checkReaderWriterCompatibility(current, previous).getResult();
                if (result.getCompatibility() != SchemaCompatibilityType.COMPATIBLE) {
                    incompatible.add(current.getFullName() + ": " + result.getIncompatibilities());
                }
            }
        }
        assertThat(incompatible).isEmpty();
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
