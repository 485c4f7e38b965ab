package dev.paperorchestra.writer.sections;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.ICLR;
import static dev.paperorchestra.writer.TestMaterials.figure;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.schemas.Figure;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SectionWriterTest {

    private static final List<Figure> FIGURES = List.of(
            figure("fig_framework_overview", "fig_framework_overview.pdf", "21:9"),
            figure("fig_rmse_vs_points", "fig_rmse_vs_points.pdf", "4:3"),
            figure("fig_robustness", "fig_robustness.png", "3:4"));

    private final SectionWriter writer = new SectionWriter();

    private WrittenPaper writeCvpr() {
        return write(CVPR, FIGURES);
    }

    private WrittenPaper write(String example, List<Figure> figures) {
        return writer.write(new WriterInputs(literatureDraft(read(example, "template.tex")), read(example, "idea.md"),
                read(example, "experimental_log.md"), figures));
    }

    @Test
    void first_line_is_the_offline_label() {
        String tex = writeCvpr().tex();

        assertThat(tex.lines().findFirst()).contains("% " + ModelMode.OFFLINE_LABEL);
        assertThat(tex.split(Pattern.quote(ModelMode.OFFLINE_LABEL), -1)).hasSize(2);
    }

    @Test
    void an_already_labelled_draft_keeps_one_label_line() {
        String labelled = "% " + ModelMode.OFFLINE_LABEL + "\n" + literatureDraft(read(CVPR, "template.tex"));

        String tex = writer.write(new WriterInputs(labelled, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                FIGURES)).tex();

        assertThat(tex.split(Pattern.quote(ModelMode.OFFLINE_LABEL), -1)).hasSize(2);
    }

    @Test
    void every_figure_is_included_once_with_its_exact_file_name_and_referenced() {
        String tex = writeCvpr().tex();

        assertThat(count(tex, "\\includegraphics[")).isEqualTo(FIGURES.size());
        for (Figure figure : FIGURES) {
            assertThat(count(tex, "{figures/" + figure.getFileName() + "}")).isEqualTo(1);
            assertThat(count(tex, "\\label{fig:" + figure.getFigureId() + "}")).isEqualTo(1);
            assertThat(tex).contains("Figure~\\ref{fig:" + figure.getFigureId() + "}");
        }
    }

    @Test
    void a_figure_listed_twice_is_included_once() {
        Figure once = figure("fig_once", "fig_once.pdf", "4:3");

        WrittenPaper paper = write(CVPR, List.of(once, once));

        assertThat(count(paper.tex(), "{figures/fig_once.pdf}")).isEqualTo(1);
        assertThat(paper.figureCount()).isEqualTo(1);
    }

    @Test
    void a_very_wide_figure_spans_both_columns_and_others_stay_in_one() {
        String tex = writeCvpr().tex();

        assertThat(floatAround(tex, "fig:fig_framework_overview")).startsWith("\\begin{figure*}");
        assertThat(floatAround(tex, "fig:fig_rmse_vs_points")).startsWith("\\begin{figure}");
        assertThat(floatAround(tex, "fig:fig_robustness")).startsWith("\\begin{figure}");
    }

    @Test
    void a_wide_figure_stays_in_the_column_of_a_single_column_paper() {
        String tex = write(ICLR, FIGURES).tex();

        assertThat(tex).doesNotContain("\\begin{figure*}").doesNotContain("\\begin{table*}");
    }

    @Test
    void figures_and_tables_stand_inside_the_experiments_section_before_the_conclusion() {
        String tex = writeCvpr().tex();
        int experiments = tex.indexOf("\\section{Experiments}");
        int conclusion = tex.indexOf("\\section{Conclusion}");

        assertThat(experiments).isPositive();
        assertThat(conclusion).isGreaterThan(experiments);
        for (String environment : List.of("\\begin{figure", "\\begin{table")) {
            Matcher matcher = Pattern.compile(Pattern.quote(environment)).matcher(tex);
            while (matcher.find()) {
                assertThat(matcher.start()).isBetween(experiments, conclusion);
            }
        }
    }

    @Test
    void every_log_table_becomes_a_referenced_booktabs_table() {
        WrittenPaper paper = writeCvpr();
        int tables = MarkdownTables.parse(read(CVPR, "experimental_log.md")).size();

        assertThat(paper.tableCount()).isEqualTo(6).isEqualTo(tables);
        assertThat(count(paper.tex(), "\\toprule")).isEqualTo(tables);
        assertThat(count(paper.tex(), "\\bottomrule")).isEqualTo(tables);
        Matcher label = Pattern.compile("\\\\label\\{(tab:[^}]+)}").matcher(paper.tex());
        int labels = 0;
        while (label.find()) {
            labels++;
            assertThat(paper.tex()).contains("Table~\\ref{" + label.group(1) + "}");
        }
        assertThat(labels).isEqualTo(tables);
    }

    @Test
    void every_number_of_both_example_logs_is_in_the_paper_as_logged() {
        for (String example : List.of(CVPR, ICLR)) {
            WrittenPaper paper = write(example, List.of());

            assertThat(paper.fidelity().checked()).as(example).isGreaterThan(100);
            assertThat(paper.fidelity().missing()).as(example).isEmpty();
        }
    }

    @Test
    void observations_of_the_log_are_quoted_after_their_table() {
        String tex = writeCvpr().tex();
        int table = tex.indexOf("\\label{tab:kitti_eigen_split");
        int observation = tex.indexOf("GlimpseDepth reaches an RMSE of 1.487 m against 1.655 m for CompletionFormer");

        assertThat(table).isPositive();
        assertThat(observation).isGreaterThan(table);
    }

    @Test
    void a_placeholder_title_is_replaced_by_the_idea_heading() {
        String tex = writeCvpr().tex();

        assertThat(tex).contains(
                "\\title{GlimpseDepth: Metric Monocular Depth from a Handful of Sparse Measurements}");
        assertThat(tex).contains("\\author{Anonymous submission}");
    }

    @Test
    void every_table_gets_a_sentence_stating_its_best_logged_values_and_the_discussion_ends_the_paper() {
        String tex = writeCvpr().tex();
        String experiments = between(tex, "\\section{Experiments}", "\\section{Conclusion}");

        // bold cells of the log mark the best; the values are quoted as logged
        assertThat(experiments).contains("GlimpseDepth has the best values of the table: AbsRel 0.029, RMSE (m) "
                + "1.487, RMSE log 0.054 and δ1 0.989.".replace("δ1", "$\\delta$1"));
        assertThat(between(tex, "\\section{Conclusion}", "\\bibliographystyle"))
                .contains("In summary, this work makes the following contributions.")
                .contains("Video, unknown sensor extrinsics and transparent surfaces are out of scope.");
        assertThat(between(tex, "\\section{Method}", "\\section{Experiments}")).doesNotContain("\\subsection{Scope}");
    }

    @Test
    void the_materials_own_headings_never_become_the_title_or_a_section() {
        String idea = """
                # Idea Summary: Confidence-Guided Propagation of Sparse Depth

                ## Working title
                Confidence-Guided Propagation of Sparse Depth

                ## Target venue
                CVPR 2025

                ## Problem
                Sparse depth sensors measure only a few pixels of every frame.

                ## Core idea
                A learned affinity carries each measurement to the pixels of its surface.

                ## Design
                Confidence estimates decide how far a measurement may travel.
                """;

        String tex = writer.write(new WriterInputs(literatureDraft(read(CVPR, "template.tex")), idea,
                read(CVPR, "experimental_log.md"), List.of())).tex();

        assertThat(tex).contains("\\title{Confidence-Guided Propagation of Sparse Depth}")
                .doesNotContain("Idea Summary", "Working title", "Target venue");
        // "Core idea" is the materials' own heading, and one named part alone makes no subsection
        assertThat(between(tex, "\\section{Method}", "\\section{Experiments}"))
                .doesNotContain("\\subsection")
                .contains("Confidence estimates decide how far a measurement may travel.");
    }

    @Test
    void a_working_title_section_gives_the_title_when_there_is_no_top_heading() {
        String idea = "## Working title\nGlimpses of Depth\n\n## Problem\nFew measurements.\n\n## Core idea\nTokens.\n";

        String tex = writer.write(new WriterInputs(literatureDraft(read(CVPR, "template.tex")), idea,
                read(CVPR, "experimental_log.md"), List.of())).tex();

        assertThat(tex).contains("\\title{Glimpses of Depth}");
    }

    @Test
    void a_real_title_is_kept() {
        String template = literatureDraft(read(CVPR, "template.tex")).replace("\\title{Title}",
                "\\title{Seeing Depth in Glimpses}");

        String tex = writer.write(new WriterInputs(template, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                List.of())).tex();

        assertThat(tex).contains("\\title{Seeing Depth in Glimpses}").doesNotContain("Handful of Sparse");
    }

    @Test
    void introduction_related_work_and_preamble_are_kept_as_the_literature_agent_left_them() {
        String draft = literatureDraft(read(CVPR, "template.tex"));
        String tex = writeCvpr().tex();

        assertThat(tex).contains(between(draft, "\\section{Introduction}", "\\section{Method}"));
        String preamble = draft.substring(draft.indexOf("\\documentclass"), draft.indexOf("\\title"));
        assertThat(tex).contains(preamble);
    }

    @Test
    void abstract_method_and_conclusion_come_from_the_idea() {
        String tex = writeCvpr().tex();

        assertThat(between(tex, "\\begin{abstract}", "\\end{abstract}"))
                .contains("Cheap platforms deliver very little metric depth.")
                .contains("This work contributes (i) a formulation of very sparse depth guidance")
                .doesNotContain("placeholder");
        assertThat(between(tex, "\\section{Method}", "\\section{Experiments}"))
                .contains("GlimpseDepth treats every sparse measurement as a token")
                .doesNotContain("\\subsection{Core idea}", "\\subsection{Why it should work}",
                        "\\subsection{Contributions}");
        assertThat(between(tex, "\\section{Conclusion}", "\\bibliographystyle"))
                .contains("A confidence-weighted scale field that corrects metric scale locally");
    }

    @Test
    void the_setup_comes_from_the_log_setup_section() {
        String experiments = between(writeCvpr().tex(), "\\section{Experiments}", "\\section{Conclusion}");

        assertThat(experiments).startsWith("\\section{Experiments}\n\\subsection{Experimental Setup}")
                .contains("\\paragraph{Datasets.}")
                .contains("\\item NYU Depth v2: indoor RGB-D frames at 640 $\\times$ 480.");
    }

    @Test
    void an_experiments_section_is_added_when_the_template_has_none() {
        String template = literatureDraft(read(CVPR, "template.tex")).replace("\\section{Experiments}\n", "");

        String tex = writer.write(new WriterInputs(template, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                FIGURES)).tex();

        assertThat(count(tex, "\\section{Experiments}")).isEqualTo(1);
        assertThat(tex.indexOf("\\section{Experiments}")).isLessThan(tex.indexOf("\\section{Conclusion}"));
        assertThat(count(tex, "\\toprule")).isEqualTo(6);
    }

    @Test
    void a_section_holding_results_and_conclusion_keeps_the_experiments() {
        String template = literatureDraft(read(CVPR, "template.tex")).replace("\\section{Experiments}\n", "")
                .replace("\\section{Conclusion}", "\\section{Results and Conclusion}");

        String tex = writer.write(new WriterInputs(template, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                FIGURES)).tex();

        assertThat(count(tex, "\\toprule")).isEqualTo(6);
        assertThat(count(tex, "\\section{")).isEqualTo(4);
    }

    @Test
    void a_missing_bibliography_is_added_before_the_end() {
        String template = literatureDraft(read(CVPR, "template.tex"))
                .replace("\\bibliographystyle{plain}\n", "").replace("\\bibliography{references}\n", "");

        String tex = writer.write(new WriterInputs(template, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                List.of())).tex();

        assertThat(tex).contains("\\bibliographystyle{plain}\n\\bibliography{references}\n");
        assertThat(tex.indexOf("\\bibliography{references}")).isLessThan(tex.indexOf("\\end{document}"))
                .isGreaterThan(tex.indexOf("\\section{Conclusion}"));
    }

    @Test
    void graphicx_and_booktabs_are_loaded_when_the_template_lacks_them() {
        String template = literatureDraft(read(CVPR, "template.tex"))
                .replace("\\usepackage{graphicx}\n", "").replace("\\usepackage{booktabs}\n", "");

        String tex = writer.write(new WriterInputs(template, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                List.of())).tex();

        assertThat(tex.indexOf("\\usepackage{graphicx}")).isPositive().isLessThan(tex.indexOf("\\begin{document}"));
        assertThat(tex.indexOf("\\usepackage{booktabs}")).isPositive().isLessThan(tex.indexOf("\\begin{document}"));
    }

    static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        int end = text.indexOf(to, start);
        assertThat(start).as(from).isNotNegative();
        assertThat(end).as(to).isPositive();
        return text.substring(start, end);
    }

    private static String floatAround(String tex, String label) {
        int at = tex.indexOf("\\label{" + label + "}");
        return tex.substring(tex.lastIndexOf("\\begin{", at), at);
    }

    /** A method the idea gives as a bare list of steps opens with a sentence that says so, never with the list. */
    @Test
    void a_method_given_as_a_list_opens_with_a_sentence() {
        String idea = """
                # Benchmarking sequence models
                ## Method in brief
                - Freeze all model weights
                - Extract embeddings for each sequence
                - Train a random forest classifier on the embeddings
                """;
        String tex = writer.write(new WriterInputs(OfflinePaperShapeTest.KIT_TEMPLATE, idea,
                "## Accuracy\n\n| Model | AUC |\n|---|---|\n| A | 0.71 |\n| B | 0.80 |\n", List.of())).tex();

        String method = RelatedWorkWithoutSourcesTest.section(tex, "Method");
        assertThat(method).contains("The method proceeds as follows.\n\\begin{itemize}")
                .contains("Freeze all model weights");
    }
}
