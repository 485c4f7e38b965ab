package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.Outline.PlannedFigure;
import dev.paperorchestra.outline.plan.Outline.RelatedWorkSubsection;
import dev.paperorchestra.outline.plan.Outline.SectionPlan;
import dev.paperorchestra.outline.plan.Outline.SubsectionPlan;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MaterialsLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OfflineOutlinerTest {

    private static final OutlineValidator VALIDATOR = new OutlineValidator();
    private static final String HINT = "research paper or technical report introducing '%s'";

    @TempDir
    Path tmp;
    private BlobStore blobs;
    private final OfflineOutliner outliner = new OfflineOutliner(6, "4:3");

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(tmp);
    }

    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of(Examples.CVPR, List.of("BTS", "AdaBins", "DPT-Hybrid", "NeWCRFs", "Sparse-to-Dense",
                        "CSPN", "NLSPN", "PENet", "CompletionFormer")),
                Arguments.of(Examples.ICLR, List.of("SGD", "Adam", "AdamW", "LAMB", "Lion", "Sophia-G")));
    }

    @ParameterizedTest
    @MethodSource("examples")
    void outline_of_an_example_passes_the_schema(Path example, List<String> baselines) {
        String json = Json.mapper().writeValueAsString(outline(example, outliner));

        assertThat(VALIDATOR.validate(json)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void plans_one_plot_per_numeric_table_titled_with_its_caption(Path example, List<String> baselines) {
        OfflineOutliner roomy = new OfflineOutliner(20, "4:3");
        ParsedMaterials materials = read(example);

        Outline outline = roomy.outline(materials, Examples.offline());

        List<String> numericCaptions = materials.tables().stream().filter(MarkdownTable::isNumeric)
                .map(MarkdownTable::caption).toList();
        assertThat(numericCaptions).isNotEmpty();
        assertThat(outline.plottingPlan()).extracting(PlannedFigure::title).isEqualTo(numericCaptions);
        assertThat(outline.plottingPlan()).allSatisfy(figure -> {
            assertThat(figure.plotType()).isEqualTo("plot");
            assertThat(figure.dataSource()).isEqualTo("experimental_log.md");
        });
    }

    @Test
    void plans_at_most_max_figures_in_log_order() {
        ParsedMaterials materials = read(Examples.ICLR);

        Outline outline = new OfflineOutliner(2, "4:3").outline(materials, Examples.offline());

        assertThat(outline.plottingPlan()).extracting(PlannedFigure::title)
                .containsExactly(materials.tables().get(0).caption(), materials.tables().get(1).caption());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void hints_cover_every_baseline_in_the_offline_form(Path example, List<String> baselines) {
        List<String> hints = hints(outline(example, outliner));

        assertThat(hints).containsAll(baselines.stream().map(HINT::formatted).toList());
        assertThat(hints).allMatch(hint -> hint.matches("research paper or technical report introducing '.+'"));
    }

    @Test
    void hints_never_cite_the_papers_own_method() {
        assertThat(hints(outline(Examples.CVPR, outliner))).noneMatch(hint -> hint.contains("GlimpseDepth"));
        assertThat(hints(outline(Examples.ICLR, outliner))).noneMatch(hint -> hint.contains("Concord"));
    }

    @Test
    void hints_cover_datasets_metrics_optimizers_and_architectures_of_the_setup() {
        assertThat(hints(outline(Examples.CVPR, outliner))).contains(HINT.formatted("NYU Depth v2"),
                HINT.formatted("KITTI"), HINT.formatted("RMSE"), HINT.formatted("AdamW"), HINT.formatted("Swin-L"),
                HINT.formatted("ResNet-50"));
        assertThat(hints(outline(Examples.ICLR, outliner))).contains(HINT.formatted("CIFAR-100"),
                HINT.formatted("ImageNet-1k"), HINT.formatted("OpenWebText"), HINT.formatted("ViT-S/16"),
                HINT.formatted("GPT-2"));
    }

    @Test
    void objective_names_a_line_chart_for_a_sweep_and_a_grouped_bar_chart_otherwise() {
        Outline outline = outline(Examples.ICLR, outliner);

        assertThat(figure(outline, "ImageNet-1k ResNet-50 top-1 accuracy (%) across batch sizes with a fixed "
                + "90-epoch budget").objective()).startsWith("Line chart of SGD with momentum, AdamW, LAMB, Lion and "
                        + "Concord against Batch size");
        assertThat(figure(outline, "GPT-2 pre-training on OpenWebText after 20,000 steps").objective())
                .startsWith("Grouped bar chart of 124M val. loss ↓, ").contains(" for each Optimiser ");
    }

    @Test
    void long_tables_get_a_wide_aspect_ratio_and_others_the_default() {
        Outline outline = outline(Examples.CVPR, new OfflineOutliner(6, "3:2"));

        assertThat(figure(outline, "KITTI Eigen split with 100 projected LiDAR points per image").aspectRatio())
                .isEqualTo("16:9");
        assertThat(figure(outline, "Inference cost at 640 × 480 on one NVIDIA A100 GPU").aspectRatio())
                .isEqualTo("3:2");
    }

    @ParameterizedTest
    @MethodSource("examples")
    void figure_ids_are_unique_prefixed_and_free_of_the_word_figure(Path example, List<String> baselines) {
        List<String> ids = outline(example, new OfflineOutliner(20, "4:3")).plottingPlan().stream()
                .map(PlannedFigure::figureId).toList();

        assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.startsWith("fig_"))
                .allMatch(id -> id.length() <= FigureIds.MAX_LENGTH + 3).noneMatch(id -> id.contains("figure"));
    }

    @Test
    void sections_follow_the_template_and_the_idea() {
        Outline outline = outline(Examples.CVPR, outliner);

        assertThat(outline.sectionPlan()).extracting(SectionPlan::sectionTitle)
                .containsExactly("Abstract", "Method", "Experiments", "Conclusion");
        assertThat(outline.sectionPlan().get(1).subsections()).extracting(SubsectionPlan::subsectionTitle)
                .containsExactly("Core idea", "Why it should work");
        assertThat(outline.sectionPlan().get(2).subsections()).extracting(SubsectionPlan::subsectionTitle)
                .startsWith("Setup", "Comparison on NYU Depth v2 without measurements and with 200 sparse measurements")
                .endsWith("Qualitative notes");
    }

    @Test
    void experiment_bullets_point_at_the_tables_and_their_plots() {
        Outline outline = outline(Examples.CVPR, outliner);
        SubsectionPlan ablation = outline.sectionPlan().get(2).subsections().stream()
                .filter(subsection -> subsection.subsectionTitle().startsWith("Ablation")).findFirst().orElseThrow();

        assertThat(ablation.contentBullets()).contains("report the numbers of 'Ablation of GlimpseDepth components "
                + "on NYU Depth v2' from experimental_log.md in a booktabs table, every number exactly as logged");
        assertThat(ablation.contentBullets()).anyMatch(bullet -> bullet.startsWith("include and discuss fig_ablation"));
    }

    @Test
    void related_work_clusters_follow_the_baseline_families_of_the_log() {
        List<RelatedWorkSubsection> clusters = outline(Examples.CVPR, outliner).introRelatedWorkPlan()
                .relatedWorkStrategy().subsections();

        assertThat(clusters).extracting(RelatedWorkSubsection::subsectionTitle)
                .startsWith("Monocular methods", "Depth completion methods");
        assertThat(clusters.get(1).limitationSearchQueries())
                .containsExactly("Sparse-to-Dense", "CSPN", "NLSPN", "PENet", "CompletionFormer");
    }

    @Test
    void problem_gap_is_scoped_to_the_datasets_of_the_log() {
        String gap = outline(Examples.CVPR, outliner).introRelatedWorkPlan().introductionStrategy()
                .problemGapHypothesis();

        assertThat(gap).contains("left uncovered").endsWith("only on NYU Depth v2 and KITTI, the datasets "
                + "evaluated in experimental_log.md.");
    }

    @Test
    void search_directions_come_from_the_idea_and_the_datasets() {
        List<String> directions = outline(Examples.CVPR, outliner).introRelatedWorkPlan().introductionStrategy()
                .searchDirections();

        assertThat(directions).containsExactly("Metric Monocular Depth from a Handful of Sparse Measurements",
                "NYU Depth v2 benchmark", "KITTI benchmark");
    }

    @Test
    void outline_is_deterministic() {
        assertThat(Json.mapper().writeValueAsString(outline(Examples.ICLR, outliner)))
                .isEqualTo(Json.mapper().writeValueAsString(outline(Examples.ICLR, outliner)));
    }

    @Test
    void sparse_materials_without_tables_still_give_a_valid_outline() {
        ParsedMaterials materials = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(Examples.materials(blobs, "/m",
                "Depth from few points.\n", "We have not measured anything yet.\n", Examples.TEMPLATE,
                Examples.GUIDELINES));

        Outline outline = outliner.outline(materials, Examples.offline());

        assertThat(outline.plottingPlan()).isEmpty();
        assertThat(VALIDATOR.validate(Json.mapper().writeValueAsString(outline))).isEmpty();
        assertThat(outline.sectionPlan().get(1).sectionTitle()).isEqualTo("Approach");
    }

    static Stream<Arguments> oddMaterials() {
        return Stream.of(
                Arguments.of("bullets only", "- Tokens for sparse points\n- A scale field\n",
                        "- Datasets: KITTI\n"),
                Arguments.of("tables without headings",
                        "# Idea: X\n\n## Method\n\n### Part A\n\nA.\n\n### Part B\n\nB.\n",
                        "| Method | Acc |\n|---|---|\n| A | 1 |\n\ntext\n\n"
                                + "| k | Acc |\n|---|---|\n| 1 | 2 |\n| 2 | 3 |\n"),
                Arguments.of("non-numeric table only", "## Problem\n\nHard. Very hard. Nobody solved it.\n",
                        "## Setup\n\n### Baselines\n\n- A-Net: a net\n\n"
                                + "### Notes table\n\n| A | B |\n|---|---|\n| x | y |\n"),
                Arguments.of("the word figure everywhere", "# Figure: Figure figures\n\n## Figure\n\nFigure.\n",
                        "## Results\n\n### Figure 1\n\n| Figure | Val |\n|---|---|\n| a | 1 |\n\n### Figure 1\n\n"
                                + "| Figure | Val |\n|---|---|\n| b | 2 |\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oddMaterials")
    void odd_materials_still_give_a_valid_outline(String description, String idea, String log) {
        ParsedMaterials materials = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(Examples.materials(blobs, "/m", idea, log,
                Examples.TEMPLATE, Examples.GUIDELINES));

        Outline outline = outliner.outline(materials, Examples.offline());

        assertThat(VALIDATOR.validate(Json.mapper().writeValueAsString(outline))).isEmpty();
    }

    static Stream<Arguments> smallMaterials() {
        String oneTableLog = "# Notes\n\n## Loaf height by starter temperature\n\n| Starter temperature (°C) | "
                + "Loaf height (cm) |\n|---|---|\n| 18 | 7.1 |\n| 26 | 9.2 |\n";
        return Stream.of(
                Arguments.of("a 3-line idea", "# Lichen cover as an indicator of air quality in city parks\n"
                        + "We map lichen cover on tree bark in twelve city parks and relate it to measured nitrogen "
                        + "dioxide.\nParks with more lichen cover should have cleaner air, so a cheap survey could "
                        + "replace some sensors.\n", oneTableLog),
                Arguments.of("an idea with only headings", "# Soil moisture sensing with buried fibre optics\n\n"
                        + "## Core question\n\n## Method in brief\n\n## Why it matters\n", oneTableLog),
                Arguments.of("notes headings", "## Core question\n\nHow warm should a sourdough starter be kept? "
                        + "Bakers disagree.\n\n## Method in brief\n\nStarters kept at four temperatures were used "
                        + "in one recipe.\n\n## Open questions\n\nWhether flour matters.\n", oneTableLog),
                Arguments.of("notes in another field with an apostrophe in a name", "# Do bike lanes reduce car "
                        + "trips?\n\n## Background\n\nEarlier evaluations compared cities that chose to build "
                        + "lanes with cities that did not.\n", "# Log\n\n## Setup\n\n### Comparisons\n\n"
                        + "- Two-way fixed effects: the usual regression.\n- Callaway-Sant'Anna estimator: "
                        + "group-time effects.\n\n## Results\n\n### Effect on short car trips\n\n| Estimator "
                        + "| Effect (%) |\n|---|---|\n| Two-way fixed effects | -3.1 |\n| Callaway-Sant'Anna "
                        + "estimator | -5.4 |\n"));
    }

    /**
     * Small materials: the outline passes its contract (a name with an apostrophe stopped the paper), no
     * literature cluster is named after a notes heading ("Prior work on Core question") or a sentence cut short
     * ("Prior work on We map lichen ..."), and the introduction's gap never repeats its hook.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("smallMaterials")
    void small_materials_give_a_valid_outline_with_clusters_named_after_the_work(String description, String idea,
            String log) {
        ParsedMaterials materials = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(
                Examples.materials(blobs, "/m", idea, log, Examples.TEMPLATE, Examples.GUIDELINES));

        Outline outline = outliner.outline(materials, Examples.offline());

        assertThat(VALIDATOR.validate(Json.mapper().writeValueAsString(outline))).isEmpty();
        List<String> clusters = outline.introRelatedWorkPlan().relatedWorkStrategy().subsections().stream()
                .map(Outline.RelatedWorkSubsection::subsectionTitle).toList();
        assertThat(clusters).isNotEmpty().noneMatch(title -> title.matches(
                "(?i).*\\b(?:core question|method in brief|why it matters|open questions|we map|we ask)\\b.*"));
        var introduction = outline.introRelatedWorkPlan().introductionStrategy();
        assertThat(introduction.problemGapHypothesis()).doesNotContain(introduction.hookHypothesis());
    }

    @Test
    void rejects_a_default_aspect_ratio_outside_the_spec() {
        assertThatThrownBy(() -> new OfflineOutliner(6, "5:3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5:3");
    }

    @Test
    void search_query_count_counts_each_search_term_once_as_the_literature_agent_runs_it() {
        var outline = Json.mapper().readTree("""
                {"intro_related_work_plan": {
                   "introduction_strategy": {"search_directions": ["sparse depth", "Sparse Depth", "depth priors"]},
                   "related_work_strategy": {"subsections": [
                     {"sota_investigation_mission": "completion networks", "limitation_search_queries": ["BTS", "NLSPN"]}]}},
                 "section_plan": [{"subsections": [
                   {"citation_hints": ["research paper or technical report introducing 'BTS'",
                                       "research paper or technical report introducing 'KITTI'"]},
                   {"citation_hints": ["research paper or technical report introducing 'KITTI'"]}]}]}""");

        // sparse depth, depth priors, completion networks, BTS, NLSPN, KITTI
        assertThat(SearchQueries.count(outline)).isEqualTo(6);
    }

    private Outline outline(Path example, OfflineOutliner offline) {
        return offline.outline(read(example), Examples.offline());
    }

    private ParsedMaterials read(Path example) {
        return new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(Examples.upload(example, "p", blobs).getMaterials());
    }

    private static List<String> hints(Outline outline) {
        return outline.sectionPlan().stream().flatMap(section -> section.subsections().stream())
                .flatMap(subsection -> subsection.citationHints().stream()).toList();
    }

    private static PlannedFigure figure(Outline outline, String title) {
        return outline.plottingPlan().stream().filter(figure -> figure.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no figure titled " + title));
    }
}
