package dev.paperorchestra.outline.materials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MaterialsValidatorTest {

    private static final String DIR = "/data/papers/depth";
    private static final String IDEA = "# Idea\n\n## Problem\n\nDepth is scarce.\n";
    private static final String LOG = "# Log\n\n## Setup\n\n- Datasets: KITTI\n\n### Main results\n\n"
            + "| Method | RMSE |\n|---|---|\n| A | 1.0 |\n";

    @TempDir
    Path tmp;
    private BlobStore blobs;
    private MaterialsValidator validator;

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(tmp);
        validator = new MaterialsValidator(blobs, MaterialsLimits.defaults());
    }

    @Test
    void reads_valid_materials_with_their_tables() {
        ParsedMaterials parsed = validator.read(materials(IDEA, LOG, Examples.TEMPLATE, Examples.GUIDELINES));

        assertThat(parsed.tables()).singleElement().satisfies(table -> assertThat(table.caption())
                .isEqualTo("Main results"));
        assertThat(parsed.template().sections()).contains("Approach");
    }

    @Test
    void the_outline_is_planned_from_the_cleaned_notes_with_the_tables_as_written() {
        String messyLog = LOG.replace("- Datasets: KITTI", "- Datasets: KITTI [1] (doi:10.1101/2025.01.31.635838)")
                + "\n## References\n\n1. Smith J, Doe A. Depth. Cell. 2019;10(2):1-9.\n"
                + "2. Roe B, Poe C. Points. Nature. 2020;5(1):3-4.\n";
        ParsedMaterials parsed = validator.read(materials(IDEA + "Scarce [2, 3].\n", messyLog, Examples.TEMPLATE,
                Examples.GUIDELINES));

        assertThat(parsed.experimentalLog()).contains("- Datasets: KITTI\n").doesNotContain("[1]", "10.1101",
                "References", "Smith J");
        assertThat(parsed.idea()).endsWith("Scarce.\n");
        assertThat(parsed.tables()).singleElement().satisfies(table -> assertThat(table.caption())
                .isEqualTo("Main results"));
    }

    @Test
    void rejects_an_idea_of_only_whitespace() {
        assertThatThrownBy(() -> validator.read(materials(" \n\t\n", LOG, Examples.TEMPLATE, Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessage(DIR + "/idea.md: has nothing but whitespace");
    }

    @Test
    void rejects_an_empty_experimental_log() {
        assertThatThrownBy(() -> validator.read(materials(IDEA, "", Examples.TEMPLATE, Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessage(DIR + "/experimental_log.md: is empty");
    }

    @Test
    void accepts_a_log_without_tables() {
        ParsedMaterials parsed = validator.read(materials(IDEA, "# Log\n\nNothing measured yet.\n",
                Examples.TEMPLATE, Examples.GUIDELINES));

        assertThat(parsed.tables()).isEmpty();
    }

    @Test
    void rejects_a_template_without_begin_document_naming_the_template() {
        String template = "\\documentclass{article}\n\\section{Introduction}\n\\end{document}\n";

        assertThatThrownBy(() -> validator.read(materials(IDEA, LOG, template, Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageStartingWith(DIR + "/template.tex: no \\begin{document}")
                .satisfies(e -> assertThat(((InvalidMaterialsException) e).file()).isEqualTo(DIR + "/template.tex"));
    }

    @Test
    void rejects_a_template_without_sections() {
        String template = "\\documentclass{article}\n\\begin{document}\nText.\n\\end{document}\n";

        assertThatThrownBy(() -> validator.read(materials(IDEA, LOG, template, Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageStartingWith(DIR + "/template.tex: no \\section{...} commands");
    }

    @Test
    void rejects_an_empty_template() {
        assertThatThrownBy(() -> validator.read(materials(IDEA, LOG, "\n", Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessage(DIR + "/template.tex: has nothing but whitespace");
    }

    @Test
    void rejects_empty_conference_guidelines() {
        assertThatThrownBy(() -> validator.read(materials(IDEA, LOG, Examples.TEMPLATE, "  ")))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessage(DIR + "/conference_guidelines.md: has nothing but whitespace");
    }

    @Test
    void names_the_file_alone_when_the_directory_is_unknown() {
        Materials materials = Examples.materials(blobs, "", "", LOG, Examples.TEMPLATE, Examples.GUIDELINES);

        assertThatThrownBy(() -> validator.read(materials)).hasMessage("idea.md: is empty");
    }

    @Test
    void rejects_the_broken_empty_idea_example() {
        Materials materials = Examples.upload(Examples.BROKEN.resolve("empty-idea"), "p", blobs).getMaterials();

        assertThatThrownBy(() -> validator.read(materials))
                .hasMessage(Examples.BROKEN.resolve("empty-idea") + "/idea.md: has nothing but whitespace");
    }

    @Test
    void rejects_the_broken_no_begin_document_example() {
        Materials materials = Examples.upload(Examples.BROKEN.resolve("no-begin-document"), "p", blobs)
                .getMaterials();

        assertThatThrownBy(() -> validator.read(materials)).hasMessageContaining("no-begin-document/template.tex")
                .hasMessageContaining("\\begin{document}");
    }

    @Test
    void rejects_the_broken_no_sections_example() {
        Materials materials = Examples.upload(Examples.BROKEN.resolve("no-sections"), "p", blobs).getMaterials();

        assertThatThrownBy(() -> validator.read(materials)).hasMessageContaining("no-sections/template.tex")
                .hasMessageContaining("\\section");
    }

    @Test
    void refuses_an_oversized_log_from_its_recorded_size_before_fetching_it() {
        MaterialsLimits small = new org.springframework.boot.context.properties.bind.Binder(
                new org.springframework.boot.context.properties.source.MapConfigurationPropertySource(
                        java.util.Map.of("po.materials.max-log-size", "64B")))
                .bindOrCreate("po.materials", MaterialsLimits.class);

        assertThatThrownBy(() -> new MaterialsValidator(blobs, small).read(materials(IDEA, LOG + "x".repeat(100),
                Examples.TEMPLATE, Examples.GUIDELINES)))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageStartingWith(DIR + "/experimental_log.md: is ")
                .hasMessageContaining("po.materials.max-log-size");
    }

    @Test
    void refuses_a_job_whose_options_are_out_of_range_whoever_submitted_it() {
        PaperContext context = PaperContext.newBuilder().setPaperId("p").setSubmittedAt(java.time.Instant.EPOCH)
                .setMaterials(materials(IDEA, LOG, Examples.TEMPLATE, Examples.GUIDELINES))
                .setOptions(JobOptions.newBuilder().setPageLimit(-3).setRefineIterationLimit(999).build()).build();

        assertThatThrownBy(() -> validator.read(context))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageStartingWith("pageLimit: '-3'")
                .hasMessageContaining("refineIterationLimit: 999 is out of range");
    }

    @Test
    void refuses_a_binary_idea_naming_it() {
        Materials materials = materials(IDEA, LOG, Examples.TEMPLATE, Examples.GUIDELINES);
        materials.setIdea(blobs.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0}, "text/markdown"));

        assertThatThrownBy(() -> validator.read(materials)).hasMessageStartingWith(DIR + "/idea.md: is binary");
    }

    private Materials materials(String idea, String log, String template, String guidelines) {
        return Examples.materials(blobs, DIR, idea, log, template, guidelines);
    }
}
