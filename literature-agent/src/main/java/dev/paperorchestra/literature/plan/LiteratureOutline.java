package dev.paperorchestra.literature.plan;

import java.util.List;

/**
 * The parts of outline.json the literature stage uses.
 *
 * @param hook             introduction_strategy.hook_hypothesis
 * @param problemGap       introduction_strategy.problem_gap_hypothesis
 * @param searchDirections introduction_strategy.search_directions
 * @param overview         related_work_strategy.overview
 * @param clusters         related_work_strategy.subsections
 * @param citationHints    every section_plan citation hint, in outline order
 */
public record LiteratureOutline(String hook, String problemGap, List<String> searchDirections, String overview,
        List<Cluster> clusters, List<String> citationHints) {

    public LiteratureOutline {
        searchDirections = List.copyOf(searchDirections);
        clusters = List.copyOf(clusters);
        citationHints = List.copyOf(citationHints);
    }

    /**
     * One related-work subsection.
     *
     * @param title                  subsection_title
     * @param methodologyCluster     methodology_cluster
     * @param mission                sota_investigation_mission
     * @param limitationSearchQueries limitation_search_queries
     */
    public record Cluster(String title, String methodologyCluster, String mission,
            List<String> limitationSearchQueries) {

        public Cluster {
            limitationSearchQueries = List.copyOf(limitationSearchQueries);
        }
    }
}
