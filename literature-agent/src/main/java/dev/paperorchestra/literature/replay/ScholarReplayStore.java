package dev.paperorchestra.literature.replay;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ScholarRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Recorded Semantic Scholar answers, the offline stand-in for the scholarly source: offline discovery
 * searches them and the offline verifier resolves against them. Immutable once loaded.
 */
public final class ScholarReplayStore {

    private static final Logger log = LoggerFactory.getLogger(ScholarReplayStore.class);

    private final List<ScholarRecord> records;
    private volatile @Nullable String digest;

    public ScholarReplayStore(List<ScholarRecord> records) {
        Map<String, ScholarRecord> byId = new LinkedHashMap<>();
        // a paper recorded in two files is one paper
        records.forEach(record -> byId.putIfAbsent(record.getScholarId(), record));
        this.records = List.copyOf(byId.values());
    }

    /**
     * Loads replay files in order. A missing file is skipped with a warning: materials directories need not
     * carry recorded answers, and an offline job without them simply verifies nothing.
     *
     * @throws IllegalArgumentException naming the file when one is not Semantic Scholar JSON; the agent must
     *                                  not start on records it cannot read
     */
    public static ScholarReplayStore load(List<Path> files) {
        List<ScholarRecord> records = new ArrayList<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                log.warn("offline scholar replay file {} does not exist; skipped", file);
                continue;
            }
            try {
                records.addAll(parse(Files.readString(file), file.toString()));
            } catch (IOException e) {
                throw new IllegalArgumentException("offline scholar replay file " + file + " cannot be read: "
                        + e.getMessage(), e);
            }
        }
        return new ScholarReplayStore(records);
    }

    /**
     * The records of one Semantic Scholar JSON document ({@code {"papers": [...]}} or a bare list).
     *
     * @throws IllegalArgumentException naming {@code source} when the text is not Semantic Scholar JSON
     */
    public static List<ScholarRecord> parse(String json, String source) {
        try {
            List<JsonNode> papers = SemanticScholarJson.papersOf(Json.mapper().readTree(json));
            List<ScholarRecord> records = new ArrayList<>();
            papers.forEach(paper -> SemanticScholarJson.toRecord(paper).ifPresent(records::add));
            log.info("loaded {} scholar records from {} ({} without id or title skipped)", records.size(), source,
                    papers.size() - records.size());
            return records;
        } catch (JacksonException | IllegalArgumentException e) {
            throw new IllegalArgumentException("offline scholar replay file " + source
                    + " is not Semantic Scholar JSON: " + e.getMessage(), e);
        }
    }

    /** This store with {@code first} ahead of its own records (a paper in both is taken from {@code first}). */
    public ScholarReplayStore withFirst(List<ScholarRecord> first) {
        List<ScholarRecord> all = new ArrayList<>(first);
        all.addAll(records);
        return new ScholarReplayStore(all);
    }

    public List<ScholarRecord> records() {
        return records;
    }

    /**
     * A short SHA-256 digest of the records, in order: equal for stores of equal content, so it names the store
     * in scholar-cache entries without naming the job.
     */
    public String digest() {
        String known = digest;
        if (known == null) {
            MessageDigest sha256;
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
            // the Avro JSON form holds every field, so two stores differing in any recorded answer differ here
            records.forEach(record -> sha256.update((record + "\n").getBytes(StandardCharsets.UTF_8)));
            known = HexFormat.of().formatHex(sha256.digest()).substring(0, 16);
            digest = known;
        }
        return known;
    }

    public boolean isEmpty() {
        return records.isEmpty();
    }
}
