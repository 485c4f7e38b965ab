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

    /** The schema as JSON text, as handed to the validator and to the planner model. */
    public static String text() {
        return TEXT;
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
