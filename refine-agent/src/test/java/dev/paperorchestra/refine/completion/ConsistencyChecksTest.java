package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsistencyChecksTest {

    private static final Figure FIGURE = Figure.newBuilder().setFigureId("fig_overview").setTitle("Overview")
            .setFileName("fig_overview.pdf").setCaption("Overview.").setAspectRatio("16:9").build();

    @Test
    void names_the_cited_keys_missing_from_the_bibliography() {
        SummaryCheck check = ConsistencyChecks.citations("\\cite{a,b} \\citep{c}", "@article{a,\n}\n@misc{c,\n}");

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("1 of 3 cited keys are not in references.bib: b");
    }

    @Test
    void accepts_figures_included_with_or_without_folder_and_extension() {
        SummaryCheck check = ConsistencyChecks.figures("\\includegraphics[width=\\linewidth]{figures/fig_overview.pdf}"
                + "\\includegraphics{fig_overview}", List.of(FIGURE), List.of());

        assertThat(check.passed()).isTrue();
    }

    @Test
    void names_included_files_that_are_not_figures_of_the_paper() {
        SummaryCheck check = ConsistencyChecks.figures("\\includegraphics{figures/fig_missing.png}", List.of(FIGURE),
                List.of());

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).endsWith("fig_missing.png");
    }

    /** acmart's sample teaser includes the kit's sampleteaser.pdf, which lies beside paper.tex at every compile. */
    @Test
    void an_image_of_the_templates_kit_counts_as_a_figure() {
        List<NamedArtifact> kit = List.of(kitFile("acmart.cls"), kitFile("sampleteaser.pdf"));
        CompileReport compiled = CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("ok").build();

        List<SummaryCheck> checks = ConsistencyChecks.run("\\includegraphics{sampleteaser}", compiled, "", List.of(),
                List.of(), kit);
        assertThat(checks).filteredOn(check -> check.name().equals(ConsistencyChecks.FIGURES)).singleElement()
                .satisfies(check -> assertThat(check.passed()).as(check.detail()).isTrue());
        assertThat(ConsistencyChecks.run("\\includegraphics{acmart}", compiled, "", List.of(), List.of(), kit))
                .filteredOn(check -> check.name().equals(ConsistencyChecks.FIGURES)).singleElement()
                .satisfies(check -> assertThat(check.passed()).as("a class file is no image").isFalse());
    }

    private static NamedArtifact kitFile(String name) {
        return NamedArtifact.newBuilder().setName(name).setArtifact(ArtifactRef.newBuilder().setUri("file:///" + name)
                .setSha256("00").setSizeBytes(1).setMediaType("application/octet-stream").build()).build();
    }

    @Test
    void a_skipped_compile_does_not_pass_the_compile_check() {
        SummaryCheck check = ConsistencyChecks.compiled(CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED)
                .setMessage("latexmk not installed").build());

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("SKIPPED: latexmk not installed");
    }
}
