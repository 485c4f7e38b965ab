package dev.paperorchestra.literature.plan;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reads the literature-relevant parts of outline.json; absent optional parts read as empty. */
public final class OutlineReader {

    public static final String FILE = "outline.json";

    private OutlineReader() {
    }

    /**
     * @throws PermanentException naming outline.json when it is not JSON or has no intro_related_work_plan;
     *                            the outline agent validated it, so this is a contract break, not bad luck
     */
    public static LiteratureOutline read(String json) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(json);
        } catch (JacksonException e) {
            throw new PermanentException(FILE + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
        }
        JsonNode plan = root.path("intro_related_work_plan");
        if (!plan.isObject()) {
            throw new PermanentException(FILE + ": no intro_related_work_plan object");
        }
        JsonNode intro = plan.path("introduction_strategy");
        JsonNode related = plan.path("related_work_strategy");
        List<LiteratureOutline.Cluster> clusters = new ArrayList<>();
        for (JsonNode subsection : related.path("subsections").values()) {
            clusters.add(new LiteratureOutline.Cluster(text(subsection, "subsection_title"),
                    text(subsection, "methodology_cluster"), text(subsection, "sota_investigation_mission"),
                    texts(subsection.path("limitation_search_queries"))));
        }
        List<String> hints = new ArrayList<>();
        for (JsonNode section : root.path("section_plan").values()) {
            hints.addAll(texts(section.path("citation_hints")));
            for (JsonNode subsection : section.path("subsections").values()) {
                hints.addAll(texts(subsection.path("citation_hints")));
            }
        }
        return new LiteratureOutline(text(intro, "hook_hypothesis"), text(intro, "problem_gap_hypothesis"),
                texts(intro.path("search_directions")), text(related, "overview"), clusters, hints);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue().strip() : "";
    }

    private static List<String> texts(JsonNode array) {
        List<String> result = new ArrayList<>();
        for (JsonNode value : array.values()) {
            if (value.isString() && !value.stringValue().isBlank()) {
                result.add(value.stringValue().strip());
            }
        }
        return result;
    }
}
