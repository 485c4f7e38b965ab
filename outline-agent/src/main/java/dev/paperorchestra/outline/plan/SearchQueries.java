package dev.paperorchestra.outline.plan;

import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * How many literature queries an outline implies; the number announced in {@code OutlineCreatedEvent}. The
 * literature agent derives its queries from the outline by the same rule (see {@link OfflineOutliner}).
 */
public final class SearchQueries {

    private SearchQueries() {
    }

    /**
     * Search directions + for every related-work subsection (1 mission + its limitation queries) + the distinct
     * citation hints of the section plan.
     */
    public static int count(JsonNode outline) {
        JsonNode plan = outline.path("intro_related_work_plan");
        int count = plan.path("introduction_strategy").path("search_directions").size();
        for (JsonNode subsection : plan.path("related_work_strategy").path("subsections")) {
            count += 1 + subsection.path("limitation_search_queries").size();
        }
        Set<String> hints = new HashSet<>();
        for (JsonNode section : outline.path("section_plan")) {
            for (JsonNode subsection : section.path("subsections")) {
                for (JsonNode hint : subsection.path("citation_hints")) {
                    hints.add(hint.asString());
                }
            }
        }
        return count + hints.size();
    }

    /** Entries of the plotting plan. */
    public static int figureCount(JsonNode outline) {
        return outline.path("plotting_plan").size();
    }
}
