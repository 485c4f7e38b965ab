package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.bench.autorate.CitationF1.Priority;
import dev.paperorchestra.literature.text.Titles;
import dev.paperorchestra.literature.verify.TitleSimilarity;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Citation F1 of one case: the generated paper's verified references (citation_map.json, already resolved to
 * Semantic Scholar ids by the verifier) against the human paper's references.bib, each reference resolved
 * through a {@link ScholarLookup}; a reference that does not resolve is compared by title with the generated
 * ones (above the verifier's threshold), else kept as an unmatched {@code title:} identity. P0/P1 figures only
 * when labels are given.
 */
public final class CitationAutorater {

    private final ScholarLookup lookup;

    public CitationAutorater(ScholarLookup lookup) {
        this.lookup = lookup;
    }

    /** The figures and everything they were computed from, as saved in autoraters/citation_f1.json. */
    public ObjectNode rate(JsonNode citationMap, List<BibEntry> references, @Nullable Map<String, Priority> labelsByKey,
            @Nullable String labelsSkippedBecause) {
        Map<String, String> generatedTitles = new LinkedHashMap<>();
        citationMap.path("keys").forEach(paper -> generatedTitles.put("s2:" + paper.path("scholarId").asString(),
                paper.path("title").asString()));
        ObjectNode out = Json.mapper().createObjectNode();
        ArrayNode resolved = out.putArray("reference");
        Set<String> referenceIds = new LinkedHashSet<>();
        Map<String, Priority> labels = new HashMap<>();
        for (BibEntry ref : references) {
            Optional<ScholarRecord> record = lookup.find(ref);
            String id;
            String how;
            if (record.isPresent()) {
                id = "s2:" + record.get().getScholarId();
                how = "scholar";
            } else {
                Optional<String> byTitle = generatedTitles.entrySet().stream()
                        .filter(e -> TitleSimilarity.ratio(ref.title(), e.getValue()) > ScholarLookup.TITLE_THRESHOLD)
                        .map(Map.Entry::getKey).findFirst();
                id = byTitle.orElse("title:" + Titles.normalise(ref.title()));
                how = byTitle.isPresent() ? "title-of-generated" : "unresolved";
            }
            referenceIds.add(id);
            ObjectNode node = resolved.addObject().put("key", ref.key()).put("title", ref.title()).put("id", id)
                    .put("resolvedBy", how);
            if (labelsByKey != null && labelsByKey.containsKey(ref.key())) {
                Priority priority = labelsByKey.get(ref.key());
                // a paper listed twice keeps its stronger label
                labels.merge(id, priority, (a, b) -> a == Priority.P0 || b == Priority.P0 ? Priority.P0 : Priority.P1);
                node.put("priority", priority.name());
            }
        }
        ArrayNode generated = out.putArray("generated");
        generatedTitles.forEach((id, title) -> generated.addObject().put("id", id).put("title", title));
        CitationF1.Result result = CitationF1.score(generatedTitles.keySet(), referenceIds, labels);
        out.set("all", result.all().toJson());
        result.byPriority().forEach((priority, scores) -> out.set(priority.name(), scores.toJson()));
        if (labelsSkippedBecause != null) {
            out.put("p0p1Skipped", labelsSkippedBecause);
        }
        return out;
    }

    /** Result columns: citation_{all,p0,p1}_{precision,recall,f1}. */
    public static Map<String, Object> columns(JsonNode rated) {
        Map<String, Object> columns = new LinkedHashMap<>();
        for (String subset : List.of("all", "P0", "P1")) {
            JsonNode scores = rated.path(subset);
            for (String figure : List.of("precision", "recall", "f1")) {
                if (scores.path(figure).isNumber()) {
                    columns.put("citation_" + subset.toLowerCase(Locale.ROOT) + "_" + figure,
                            scores.path(figure).asDouble());
                }
            }
        }
        return columns;
    }
}
