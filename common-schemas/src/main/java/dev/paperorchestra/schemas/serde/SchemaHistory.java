package dev.paperorchestra.schemas.serde;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;

/**
 * Earlier versions of each schema, kept in the repository under {@code avro-history/v<N>/<FullName>.avsc}.
 * The decoder registers them so old records stay readable, and the compatibility test checks every current
 * schema against them.
 */
public final class SchemaHistory {

    static final String ROOT = "avro-history";
    /** Versions kept; add the next one when a released schema changes. */
    static final List<String> VERSIONS = List.of("v1", "v2");

    private SchemaHistory() {
    }

    /**
     * Every kept earlier version of this schema, oldest first: those kept under its full name and those kept
     * under each of its aliases, the names it had before a rename (LiteratureDraftedEvent became
     * LiteratureReadyEvent). Avro resolves an old writer's name through the reader's aliases, so these stay
     * readable by the renamed class.
     */
    public static List<Schema> previousVersions(Schema current) {
        List<Schema> schemas = new ArrayList<>(previousVersions(current.getFullName()));
        for (String alias : current.getAliases()) {
            schemas.addAll(previousVersions(alias));
        }
        return schemas;
    }

    /** Every kept earlier version of the schema with this full name, oldest first. */
    public static List<Schema> previousVersions(String fullName) {
        List<Schema> schemas = new ArrayList<>();
        for (String version : VERSIONS) {
            String resource = ROOT + "/" + version + "/" + fullName + ".avsc";
            try (InputStream in = SchemaHistory.class.getClassLoader().getResourceAsStream(resource)) {
                if (in != null) {
                    schemas.add(new Schema.Parser().parse(in));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            }
        }
        return schemas;
    }
}
