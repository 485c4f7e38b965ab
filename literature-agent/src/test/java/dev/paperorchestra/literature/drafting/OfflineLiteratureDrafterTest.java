package dev.paperorchestra.literature.drafting;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.TestResources;
import dev.paperorchestra.literature.plan.LiteratureOutline;
import dev.paperorchestra.literature.plan.OutlineReader;
import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.schemas.CitationVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineLiteratureDrafterTest {

    private static final String TEMPLATE = """
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            % motivation
            \\section{Related Work}
            % prior work
            \\section{Method}
            Method text stays.
            \\bibliography{references}
            \\end{document}
            """;

    private final LiteratureOutline outline = OutlineReader.read(TestResources.text("outline-cvpr.json"));
    private final OfflineLiteratureDrafter drafter = new OfflineLiteratureDrafter(0.9);

    private static CitationVerdict found(String scholarId, String title, String purpose, String query,
            String cluster) {
        return accepted(candidate(title).setPurpose(purpose).setQuery(query).setClusterTitle(cluster).build(),
                record(scholarId, title).setAuthors(List.of("Author " + scholarId)).build());
    }

    private final CitationRegistry registry = CitationRegistry.build(List.of(
            found("a", "Depth Anything", Purpose.INTRODUCTION, "zero-shot metric depth estimation foundation models", null),
            found("b", "AdaBins: Depth Estimation Using Adaptive Bins", Purpose.RELATED_WORK,
                    "Monocular depth networks with transformers and adaptive bins", "Monocular Depth Estimation"),
            found("c", "Non-Local Spatial Propagation Network for Depth Completion", Purpose.RELATED_WORK,
                    "Image guided depth completion with spatial propagation", "Depth Completion"),
            found("d", "Are we ready for autonomous driving? The KITTI vision benchmark suite", Purpose.CITATION_HINT,
                    "KITTI", null),
            found("e", "Orphan Paper 100% & More", Purpose.RELATED_WORK, "a query of a removed cluster",
                    "Removed Cluster")));

    @Test
    void cites_every_pool_paper_and_nothing_else() {
        LiteratureDraft draft = drafter.draft(TEMPLATE, outline, registry);

        assertThat(draft.cited()).containsExactlyInAnyOrderElementsOf(registry.keys());
        assertThat(LatexReferences.citeKeys(draft.latex())).isSubsetOf(registry.keys());
        assertThat(draft.sections()).containsExactly("Introduction", "Related Work");
    }

    @Test
    void labels_each_written_section_as_offline() {
        String latex = drafter.draft(TEMPLATE, outline, registry).latex();

        assertThat(latex).contains("\\section{Introduction}\n% OFFLINE MODE", "\\section{Related Work}\n% OFFLINE MODE");
    }

    @Test
    void writes_the_outline_sentences_escaped_and_leaves_other_sections_alone() {
        String latex = drafter.draft(TEMPLATE, outline, registry).latex();

        assertThat(latex).contains("robots \\& phones")
                .contains("degrade on NYU Depth v2 and KITTI when only a handful of points are available.")
                .contains("\\section{Method}\nMethod text stays.");
    }

    @Test
    void groups_related_work_by_cluster_and_cites_leftovers_by_their_query_without_a_padding_list() {
        String latex = drafter.draft(TEMPLATE, outline, registry).latex();
        String related = latex.substring(latex.indexOf("\\section{Related Work}"), latex.indexOf("\\section{Method}"));

        assertThat(related).contains("\\paragraph{Monocular Depth Estimation}",
                "\\paragraph{Depth Completion}", "On a query of a removed cluster, see~\\cite{e2020orphan}.");
        assertThat(related).doesNotContain("Further related work", "We also refer to");
        assertThat(related).doesNotContain("outperform", "beat", "surpass");
    }

    @Test
    void related_work_states_each_clusters_methodology_and_never_a_search_instruction_or_a_materials_file() {
        String planned = TestResources.text("outline-cvpr.json")
                .replace("\"single-image depth networks\"", "\"Methods named in the setup of experimental_log.md\"")
                .replace("\"Image guided depth completion with spatial propagation\"",
                        "\"Find the papers that introduced NLSPN and the closest work building on them.\"");
        String latex = drafter.draft(TEMPLATE, OutlineReader.read(planned), registry).latex();
        String related = latex.substring(latex.indexOf("\\section{Related Work}"), latex.indexOf("\\section{Method}"));

        assertThat(related).contains("Image-guided completion.", "\\paragraph{Monocular Depth Estimation}")
                .doesNotContain("Find the papers", "experimental_log.md", "Monocular depth networks with transformers");
        assertThat(OfflineLiteratureDrafter.statement("Survey the recent work on depth.")).isEmpty();
        assertThat(OfflineLiteratureDrafter.statement("Scale drifts. The gap is argued on the data of "
                + "experimental_log.md.")).isEqualTo("Scale drifts.");
        assertThat(OfflineLiteratureDrafter.statement("Depth completion propagates sparse depth."))
                .isEqualTo("Depth completion propagates sparse depth.");
    }

    @Test
    void names_each_clusters_papers_by_their_verified_titles_and_overviews_only_the_clusters_it_writes() {
        CitationRegistry onlyMonocular = CitationRegistry.build(List.of(found("b",
                "AdaBins: Depth Estimation Using Adaptive Bins", Purpose.RELATED_WORK,
                "Monocular depth networks with transformers and adaptive bins", "Monocular Depth Estimation")));
        String latex = drafter.draft(TEMPLATE, outline, onlyMonocular).latex();
        String related = latex.substring(latex.indexOf("\\section{Related Work}"), latex.indexOf("\\section{Method}"));

        assertThat(related).contains("Work in this direction includes \\emph{AdaBins: Depth Estimation Using "
                + "Adaptive Bins}~\\cite{" + onlyMonocular.keys().getFirst() + "}.")
                .contains("The verified literature falls into 1 line of work: Monocular Depth Estimation.")
                .doesNotContain("depth completion", "Depth Completion");
        assertThat(drafter.draft(TEMPLATE, outline, registry).latex())
                .contains("Related work falls into monocular depth estimation and depth completion.");
    }

    @Test
    void cites_introduction_and_hint_papers_in_the_introduction() {
        String latex = drafter.draft(TEMPLATE, outline, registry).latex();
        String introduction = latex.substring(0, latex.indexOf("\\section{Related Work}"));

        assertThat(introduction).contains("~\\cite{a2020depth}", "The work builds on KITTI~\\cite{d2020ready}.");
    }

    @Test
    void the_introduction_places_its_citations_without_scaffolding_sentences() {
        String latex = drafter.draft(TEMPLATE, outline, registry).latex();
        String introduction = latex.substring(latex.indexOf("\\section{Introduction}"),
                latex.indexOf("\\section{Related Work}"));

        assertThat(introduction).contains("This work relates to research on ")
                .doesNotContain("Context on", "comes from", "the materials name");
    }

    @Test
    void puts_every_paper_in_the_introduction_when_the_template_has_no_related_work() {
        String template = TEMPLATE.replace("\\section{Related Work}\n% prior work\n", "");

        LiteratureDraft draft = drafter.draft(template, outline, registry);

        assertThat(draft.sections()).containsExactly("Introduction");
        assertThat(draft.cited()).containsExactlyInAnyOrderElementsOf(registry.keys());
    }

    @Test
    void leaves_a_template_without_literature_sections_unchanged() {
        String template = "\\documentclass{article}\n\\begin{document}\n\\section{Method}\nx\n\\end{document}\n";

        LiteratureDraft draft = drafter.draft(template, outline, registry);

        assertThat(draft.latex()).isEqualTo(template);
        assertThat(draft.sections()).isEmpty();
    }

    @Test
    void refuses_a_draft_citing_less_than_the_required_share() {
        assertThatThrownBy(() -> CitationCheck.require(List.of("a"), List.of("a", "b"), 0.9))
                .isInstanceOf(PermanentException.class).hasMessageContaining("1 of 2");
        assertThatThrownBy(() -> CitationCheck.require(List.of("a", "z"), List.of("a"), 0.9))
                .isInstanceOf(PermanentException.class).hasMessageContaining("[z]");
    }
}
