package dev.paperorchestra.outline.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import org.jspecify.annotations.Nullable;
import java.util.List;

/**
 * outline.json as written by the offline outliner; field names and order follow {@code outline.schema.json}.
 *
 * @param plottingPlan        figures to make
 * @param introRelatedWorkPlan literature plan
 * @param sectionPlan         sections to write
 * @param exemplarPlan        the exemplar papers' section plan the outline follows and what it shaped; null (and
 *                            absent from outline.json) when the materials have no exemplars
 */
public record Outline(
        @JsonProperty("plotting_plan") List<PlannedFigure> plottingPlan,
        @JsonProperty("intro_related_work_plan") IntroRelatedWorkPlan introRelatedWorkPlan,
        @JsonProperty("section_plan") List<SectionPlan> sectionPlan,
        @JsonProperty("exemplar_plan") @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable ExemplarPlan exemplarPlan) {

    public Outline {
        plottingPlan = List.copyOf(plottingPlan);
        sectionPlan = List.copyOf(sectionPlan);
    }

    /** An outline without exemplars. */
    public Outline(List<PlannedFigure> plottingPlan, IntroRelatedWorkPlan introRelatedWorkPlan,
            List<SectionPlan> sectionPlan) {
        this(plottingPlan, introRelatedWorkPlan, sectionPlan, null);
    }

    /** One entry of {@code plotting_plan}. */
    public record PlannedFigure(
            @JsonProperty("figure_id") String figureId,
            @JsonProperty("title") String title,
            @JsonProperty("plot_type") String plotType,
            @JsonProperty("data_source") String dataSource,
            @JsonProperty("objective") String objective,
            @JsonProperty("aspect_ratio") String aspectRatio) {
    }

    /** {@code intro_related_work_plan}. */
    public record IntroRelatedWorkPlan(
            @JsonProperty("introduction_strategy") IntroductionStrategy introductionStrategy,
            @JsonProperty("related_work_strategy") RelatedWorkStrategy relatedWorkStrategy) {
    }

    /** Macro context for the introduction. */
    public record IntroductionStrategy(
            @JsonProperty("hook_hypothesis") String hookHypothesis,
            @JsonProperty("problem_gap_hypothesis") String problemGapHypothesis,
            @JsonProperty("search_directions") List<String> searchDirections) {

        public IntroductionStrategy {
            searchDirections = List.copyOf(searchDirections);
        }
    }

    /** Technical comparisons for related work, one cluster per subsection. */
    public record RelatedWorkStrategy(
            @JsonProperty("overview") String overview,
            @JsonProperty("subsections") List<RelatedWorkSubsection> subsections) {

        public RelatedWorkStrategy {
            subsections = List.copyOf(subsections);
        }
    }

    /** One methodology cluster of related work. */
    public record RelatedWorkSubsection(
            @JsonProperty("subsection_title") String subsectionTitle,
            @JsonProperty("methodology_cluster") String methodologyCluster,
            @JsonProperty("sota_investigation_mission") String sotaInvestigationMission,
            @JsonProperty("limitation_hypothesis") String limitationHypothesis,
            @JsonProperty("limitation_search_queries") List<String> limitationSearchQueries,
            @JsonProperty("bridge_to_our_method") String bridgeToOurMethod) {

        public RelatedWorkSubsection {
            limitationSearchQueries = List.copyOf(limitationSearchQueries);
        }
    }

    /** One section the section writer fills. */
    public record SectionPlan(
            @JsonProperty("section_title") String sectionTitle,
            @JsonProperty("subsections") List<SubsectionPlan> subsections) {

        public SectionPlan {
            subsections = List.copyOf(subsections);
        }
    }

    /** One subsection with what goes into it and what it cites. */
    public record SubsectionPlan(
            @JsonProperty("subsection_title") String subsectionTitle,
            @JsonProperty("content_bullets") List<String> contentBullets,
            @JsonProperty("citation_hints") List<String> citationHints) {

        public SubsectionPlan {
            contentBullets = List.copyOf(contentBullets);
            citationHints = List.copyOf(citationHints);
        }
    }
}
