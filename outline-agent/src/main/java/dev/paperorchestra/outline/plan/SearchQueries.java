package dev.paperorchestra.outline.plan;

import dev.paperorchestra.runtime.outline.LiteratureQueries;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * How many literature queries an outline implies; the number announced in {@code OutlineCreatedEvent}. The
 * literature agent derives its queries from the outline by the same rule (see {@link OfflineOutliner}).
 */
public final class SearchQueries {

    private SearchQueries() {
    }

    /**
     * The distinct queries (case-insensitive) among the search directions, every related-work subsection's
     * mission and limitation queries, and the search terms of the citation hints: exactly the tasks the
     * literature agent will run for this outline.
     */
    public static int count(JsonNode outline) {
        JsonNode plan = outline.path("intro_related_work_plan");
        List<String> queries = new ArrayList<>();
        plan.path("introduction_strategy").path("search_directions").forEach(d -> queries.add(d.asString()));
        for (JsonNode subsection : plan.path("related_work_strategy").path("subsections")) {
            queries.add(subsection.path("sota_investigation_mission").asString());
            subsection.path("limitation_search_queries").forEach(q -> queries.add(q.asString()));
        }
        for (JsonNode section : outline.path("section_plan")) {
            for (JsonNode subsection : section.path("subsections")) {
                subsection.path("citation_hints").forEach(h -> queries.add(LiteratureQueries.forCitationHint(h.asString())));
            }
        }
        return LiteratureQueries.distinctCount(queries);
    }

    /** Entries of the plotting plan. */
    public static int figureCount(JsonNode outline) {
        return outline.path("plotting_plan").size();
    }
}
