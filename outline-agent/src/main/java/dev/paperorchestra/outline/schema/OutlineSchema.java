package dev.paperorchestra.outline.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The outline's JSON Schema (draft 2020-12), kept as the resource {@code outline.schema.json}. */
public final class OutlineSchema {

    public static final String RESOURCE = "outline.schema.json";

    private static final String TEXT = load();

    private OutlineSchema() {
    }

    /** The schema as JSON text, as handed to the validator. */
    public static String text() {
        return TEXT;
    }

    /**
     * The schema the planner model answers against: without {@code exemplar_plan}, which the outline agent derives
     * and records itself (and a provider's strict mode wants every property required).
     */
    public static String forModel() {
        return FOR_MODEL;
    }

    private static final String FOR_MODEL = withoutExemplarPlan();

    private static String withoutExemplarPlan() {
        tools.jackson.databind.node.ObjectNode schema = (tools.jackson.databind.node.ObjectNode)
                dev.paperorchestra.base.json.Json.mapper().readTree(TEXT);
        ((tools.jackson.databind.node.ObjectNode) schema.required("properties")).remove("exemplar_plan");
        ((tools.jackson.databind.node.ObjectNode) schema.required("$defs")).remove("exemplar_share");
        schema.put("description", "outline.json (SPEC.md step 1): the figures to make, the literature to find and "
                + "the sections to write. Exactly three top-level keys.");
        return dev.paperorchestra.base.json.Json.mapper().writeValueAsString(schema);
    }

    private static String load() {
        try (InputStream in = OutlineSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the outline-agent jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
