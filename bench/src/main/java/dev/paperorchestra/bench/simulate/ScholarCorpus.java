package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The one corpus the simulated Semantic Scholar and OpenAlex serve and the simulated searcher names papers
 * from: recorded Graph API paper objects, grouped by research field. Every paper of a field draws on the same
 * records, so papers of one field overlap in the works they cite, as real fields do.
 */
final class ScholarCorpus {

    private final Map<String, List<JsonNode>> byField = new LinkedHashMap<>();
    private final List<JsonNode> all = new ArrayList<>();
    private final Map<String, JsonNode> byId = new HashMap<>();
    private final Map<String, JsonNode> byTitle = new HashMap<>();

    /** @param recordStores field name -> a {@code {"papers": [...]}} file */
    static ScholarCorpus load(Map<String, Path> recordStores) {
        ScholarCorpus corpus = new ScholarCorpus();
        recordStores.forEach((field, file) -> {
            try {
                List<JsonNode> papers = Json.mapper().readTree(Files.readString(file)).path("papers").valueStream()
                        .toList();
                corpus.byField.put(field, papers);
                papers.forEach(corpus::index);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the simulation corpus " + file, e);
            }
        });
        return corpus;
    }

    private void index(JsonNode paper) {
        all.add(paper);
        byId.put(paper.path("paperId").asString(), paper);
        JsonNode ids = paper.path("externalIds");
        if (ids.path("DOI").isString()) {
            byId.put("DOI:" + ids.path("DOI").asString().toLowerCase(Locale.ROOT), paper);
        }
        if (ids.path("ArXiv").isString()) {
            byId.put("ARXIV:" + ids.path("ArXiv").asString().toLowerCase(Locale.ROOT), paper);
        }
        byTitle.put(normalise(paper.path("title").asString()), paper);
    }

    List<String> fields() {
        return List.copyOf(byField.keySet());
    }

    List<JsonNode> field(String field) {
        return byField.get(field);
    }

    int size() {
        return all.size();
    }

    /** A paper by a batch id: {@code DOI:...}, {@code ARXIV:...} or a bare paperId. */
    Optional<JsonNode> byId(String id) {
        int colon = id.indexOf(':');
        String key = colon < 0 ? id : id.substring(0, colon).toUpperCase(Locale.ROOT) + ":"
                + id.substring(colon + 1).toLowerCase(Locale.ROOT);
        return Optional.ofNullable(byId.get(key));
    }

    List<JsonNode> matchTitle(String title) {
        JsonNode exact = byTitle.get(normalise(title));
        return exact != null ? List.of(exact) : List.of();
    }

    List<JsonNode> search(String query, int limit) {
        return SimulatedScholarServer.ranked(all, query, limit);
    }

    private static String normalise(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
