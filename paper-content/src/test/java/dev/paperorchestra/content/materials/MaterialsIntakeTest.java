package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexInstallation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.util.unit.DataSize;

class MaterialsIntakeTest {

    private static final String TEMPLATE = "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\n"
            + "\\section{Method}\n\\end{document}\n";
    private static final String LOG = "# Log\n\n### Main results\n\n| Method | RMSE |\n|---|---|\n| A | 1.0 |\n| B | 0.8 |\n";
    private static final JobRequest OFFLINE = new JobRequest(null, null, null, null, true);

    @TempDir
    Path dir;

    /** What the intake says it read from the guidelines written below, and from which sentence. */
    private static final String PAGE_LIMIT_READ = "conference_guidelines.md: page limit 8 (main text) from \"Page limit: "
            + "8 pages\"";

    @BeforeEach
    void writeMaterials() throws Exception {
        Files.writeString(dir.resolve("idea.md"), "# Idea\n\nSparse depth.\n");
        Files.writeString(dir.resolve("experimental_log.md"), LOG);
        Files.writeString(dir.resolve("template.tex"), TEMPLATE);
        Files.writeString(dir.resolve("conference_guidelines.md"), "# Rules\n\nPage limit: 8 pages\n");
    }

    @Test
    void accepts_good_materials_as_a_typed_result_with_the_parsed_content() {
        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            CheckedMaterials checked = (CheckedMaterials) accepted.value();
            assertThat(checked.content().tables()).singleElement()
                    .satisfies(table -> assertThat(table.caption()).isEqualTo("Main results"));
            assertThat(checked.content().template().sections()).containsExactly("Introduction", "Method");
            assertThat(checked.content().guidelines().pages()).isEqualTo(8);
            assertThat(checked.options().getLlmMode()).isEqualTo(LlmMode.OFFLINE);
            assertThat(accepted.notes()).containsExactly(PAGE_LIMIT_READ);
        });
    }

    @Test
    void lists_every_problem_each_naming_its_file() throws Exception {
        Files.write(dir.resolve("idea.md"), new byte[] {'a', 0, 'b'});
        Files.writeString(dir.resolve("template.tex"), "\\documentclass{article}\n\\section{A}\n\\end{document}\n");
        Files.writeString(dir.resolve("job.json"), "{\"pageLimit\": 0, \"colour\": \"red\"}");

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).message()).containsExactly(
                        "idea.md: is binary (NUL byte at offset 1), not a text file",
                        "template.tex: no \\begin{document}; the template must be a complete document",
                        "job.json: unknown field 'colour'; the known fields are cutoffDate, venue, pageLimit, approvals and approvalTimeout",
                        "job.json pageLimit: '0': a page limit must be 1 to 50 pages (po.materials.max-page-limit)"));
    }

    @Test
    void measures_a_file_before_reading_it() throws Exception {
        MaterialsLimits limits = MaterialsLimits.from(new MockEnvironment()
                .withProperty("po.materials.max-idea-size", "16B"));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, limits);

        assertThat(limits.maxIdeaSize()).isEqualTo(DataSize.ofBytes(16));
        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).message())
                .containsExactly("idea.md: is 22 bytes; at most 16 are accepted (po.materials.max-idea-size)"));
    }

    @Test
    void job_json_supplies_cutoff_venue_and_page_limit_and_a_month_cutoff_means_its_first_day() throws Exception {
        Files.writeString(dir.resolve("job.json"), "{\"cutoffDate\": \"2024-11\", \"venue\": \"CVPR 2025\", "
                + "\"pageLimit\": 7}");

        JobOptions options = accepted(OFFLINE).options();

        assertThat(options.getCutoffDate()).isEqualTo("2024-11-01");
        assertThat(options.getVenue()).isEqualTo("CVPR 2025");
        assertThat(options.getPageLimit()).isEqualTo(7);
    }

    @Test
    void the_request_wins_over_job_json() throws Exception {
        Files.writeString(dir.resolve("job.json"), "{\"cutoffDate\": \"2024-11\", \"pageLimit\": 7}");

        JobOptions options = accepted(new JobRequest("2023-05-17", null, 9, 2, false)).options();

        assertThat(options.getCutoffDate()).isEqualTo("2023-05-17");
        assertThat(options.getPageLimit()).isEqualTo(9);
        assertThat(options.getRefineIterationLimit()).isEqualTo(2);
        assertThat(options.getLlmMode()).isEqualTo(LlmMode.MODEL);
    }

    @Test
    void a_log_without_tables_is_accepted_and_the_note_says_what_follows() throws Exception {
        Files.writeString(dir.resolve("experimental_log.md"), "# Log\n\nNothing measured yet.\n");

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> assertThat(accepted.notes())
                .containsExactly("experimental_log.md: has no markdown table; the paper will have no plots and no "
                        + "result tables", PAGE_LIMIT_READ));
    }

    @Test
    void a_messy_log_is_accepted_and_the_note_says_what_the_writer_will_not_see() throws Exception {
        Files.writeString(dir.resolve("experimental_log.md"), LOG + "\nSizes fell [1] as before [2, 3] "
                + "(biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.).\n\n## References\n\n1. Smith J. A. Cell. "
                + "2019;1:1-2.\n2. Doe A. B. Cell. 2020;2:3-4.\n");

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> assertThat(accepted.notes())
                .containsExactly("experimental_log.md: removed 1 bioRxiv/JATS figure id, a pasted reference list "
                        + "(2 lines), 2 citation markers without a reference; the paper is written from the cleaned "
                        + "text", PAGE_LIMIT_READ));
    }

    @Test
    void uploads_what_was_checked_and_only_real_figures() throws Exception {
        Files.createDirectories(dir.resolve("figures"));
        Files.write(dir.resolve("figures/teaser.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        Files.writeString(dir.resolve("figures/README.txt"), "where the figures come from");
        IntakeResult.Accepted<CheckedMaterials> accepted = (IntakeResult.Accepted<CheckedMaterials>) MaterialsIntake
                .check(dir, OFFLINE, MaterialsLimits.defaults());
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("../blobs-" + dir.getFileName()));

        PaperContext context = MaterialsDirectory.upload(accepted.value(), "p-1", blobs, Instant.EPOCH);

        assertThat(accepted.notes()).containsExactly(PAGE_LIMIT_READ,
                "figures/README.txt: not a PNG, JPEG or PDF figure, ignored");
        assertThat(blobs.getText(context.getMaterials().getExperimentalLog())).isEqualTo(LOG);
        assertThat(context.getMaterials().getFigures()).singleElement()
                .satisfies(figure -> assertThat(figure.getName()).isEqualTo("teaser.png"));
    }

    @Test
    void a_package_neither_installed_nor_in_the_kit_is_advice_from_the_source_and_a_problem_from_the_first_compile(
            @org.junit.jupiter.api.io.TempDir Path trials) throws Exception {
        assumeTrue(Executables.find("kpsewhich").isPresent(), "kpsewhich is not on PATH");
        Files.writeString(dir.resolve("template.tex"), TEMPLATE.replace("\\begin{document}",
                "\\usepackage{amsmath,venuekit}\n\\usepackage{nosuchpackage}\n\\begin{document}"));
        Files.writeString(dir.resolve("venuekit.sty"), "\\ProvidesPackage{venuekit}\n\\RequirePackage{nosuchkitdep}\n");

        IntakeResult<CheckedMaterials> read = MaterialsIntake.check(dir, null, OFFLINE, MaterialsLimits.defaults(), null);

        assertThat(read).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> assertThat(
                accepted.notes()).anySatisfy(note -> assertThat((String) note).startsWith("template.tex: line 3: "
                        + "\\usepackage{nosuchpackage} needs the LaTeX package nosuchpackage.sty")
                        .endsWith("the template's first compile decides)")));
        LatexCompiler compiler = new LatexCompiler("latexmk", java.time.Duration.ofMinutes(2), trials);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        IntakeResult<CheckedMaterials> compiled = MaterialsIntake.check(dir, null, OFFLINE, MaterialsLimits.defaults(),
                new TemplateTrial(compiler, TexInstallation.kpsewhich()));

        assertThat(compiled).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).message()).singleElement()
                .satisfies(message -> assertThat((String) message).startsWith("template.tex: nosuchkitdep.sty is not "
                        + "installed (the first compile of template.tex: ")));
        assertThat(MaterialsIntake.check(dir, null, OFFLINE, MaterialsLimits.from(new MockEnvironment()
                .withProperty("po.materials.check-tex", "false")), new TemplateTrial(compiler,
                        TexInstallation.kpsewhich()))).isInstanceOf(IntakeResult.Accepted.class);
    }

    @Test
    void limits_come_from_environment_variables_and_a_nonsensical_one_is_refused() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of("PO_MATERIALS_MAX_TABLES", "12")));

        assertThat(MaterialsLimits.from(environment).maxTables()).isEqualTo(12);
        assertThatThrownBy(() -> MaterialsLimits.from(new MockEnvironment()
                .withProperty("po.materials.max-table-rows", "0"))).hasRootCauseMessage(
                        "po.materials: counts must be positive (max-tables, max-table-rows, max-page-limit >= 1; "
                                + "max-table-columns >= 2; max-figures, max-template-files, max-iterations >= 0)");
        assertThatThrownBy(() -> MaterialsLimits.from(new MockEnvironment()
                .withProperty("po.materials.max-template-files", "-1"))).rootCause().hasMessageContaining(
                        "max-template-files");
        assertThatThrownBy(() -> MaterialsLimits.from(new MockEnvironment()
                .withProperty("po.materials.max-template-file-size", "0B"))).rootCause().hasMessageContaining(
                        "every size limit must be positive");
    }

    private CheckedMaterials accepted(JobRequest request) {
        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, request, MaterialsLimits.defaults());
        assertThat(result).isInstanceOf(IntakeResult.Accepted.class);
        return ((IntakeResult.Accepted<CheckedMaterials>) result).value();
    }
}
