package dev.paperorchestra.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.bench.testing.CaseDirectories;
import dev.paperorchestra.cli.testing.PoConsole;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The quick findings of issue 39, each on real input and through a public entry point ({@code po run --check} in
 * this JVM, or the materials intake), without the pipeline: a kit that ships TeX Live's own natbib.sty, GFM and
 * CommonMark forms of a log, and kits whose TeX the machine lacks, which must be named with their cause and the
 * Debian package before anything runs.
 */
class CorpusFindingsTest {

    private static final Path CVPR = AcceptanceCorpus.EXAMPLES.resolve("cvpr-sparse-depth");
    private static final Path ICLR = AcceptanceCorpus.EXAMPLES.resolve("iclr-adaptive-optim");
    private static final int CVPR_TABLES = 6;

    @TempDir
    Path work;

    @Test
    void a_kit_that_ships_tex_lives_own_natbib_sty_is_usable() throws IOException {
        // natbib.sty has a PackageError whose help text names the citeref package after a usepackage command
        Path natbib = installedPath("natbib.sty").orElse(null);
        assumeTrue(natbib != null, "TeX Live's natbib.sty is not installed here (texlive-latex-base)");
        Path materials = copy(ICLR, "natbib-kit");
        // copied from the installed TeX at test time: natbib.sty may be passed on only with its source natbib.dtx
        Files.copy(natbib, materials.resolve("natbib.sty"));
        assertThat(Files.readString(materials.resolve("template.tex"))).contains("{natbib}");

        PoConsole check = check(materials);

        assertThat(check.exit()).as(check.both()).isZero();
        assertThat(check.both()).doesNotContain("citeref");
    }

    @Test
    void a_row_label_in_parentheses_is_read_as_written() throws IOException {
        Path materials = copy(CVPR, "row-label");
        rewrite(materials.resolve("experimental_log.md"), log -> log.replace("| Full model |", "| (9) - AM |"));

        MarkdownTable ablation = tables(materials).stream()
                .filter(table -> table.caption().startsWith("Ablation")).findFirst().orElseThrow();

        assertThat(ablation.rows().getFirst().getFirst()).isEqualTo("(9) - AM");
        assertThat(ablation.rowLabels().getFirst()).isEqualTo("(9) - AM");
    }

    @Test
    void a_gfm_table_without_outer_pipes_is_a_table() throws IOException {
        assertTablesRead(MarkdownVariants::withoutOuterPipes, "pipeless");
    }

    @Test
    void a_table_whose_delimiter_row_is_the_shortest_gfm_allows_is_a_table() throws IOException {
        assertTablesRead(MarkdownVariants::compactDelimiters, "compact-delimiters");
    }

    @Test
    void a_log_with_windows_line_ends_has_its_tables() throws IOException {
        assertTablesRead(MarkdownVariants::crlf, "crlf");
    }

    @Test
    void a_table_with_tex_math_in_its_header_is_a_table() throws IOException {
        assertTablesRead(MarkdownVariants::mathInHeaders, "math-headers");
    }

    @Test
    void a_setext_heading_above_a_table_is_its_caption() throws IOException {
        Path materials = copy(CVPR, "setext");
        List<String> captions = tables(materials).stream().map(MarkdownTable::caption).toList();
        // the captions as level-2 headings, then written in the setext form (underlined with dashes)
        rewrite(materials.resolve("experimental_log.md"),
                log -> MarkdownVariants.setextHeadings(log.replaceAll("(?m)^### ", "## ")));
        assertThat(Files.readString(materials.resolve("experimental_log.md"))).contains(captions.getFirst() + "\n---");

        assertThat(tables(materials)).extracting(MarkdownTable::caption).containsExactlyElementsOf(captions);
    }

    @Test
    void a_kit_whose_fonts_have_no_scalable_form_here_is_named_with_the_cause_before_anything_runs()
            throws IOException {
        // T1-encoded Computer Modern exists as Type 1 fonts only in cm-super; without it pdfTeX's font expansion
        // (microtype) stops with "pdfTeX error (font expansion): auto expansion is only possible with scalable fonts"
        assumeFalse(installed("sfrm1000.pfb"), "cm-super is installed here, so the fonts are not missing");
        Path materials = copy(CVPR, "font-expansion");
        Files.writeString(materials.resolve("template.tex"), """
                \\documentclass[10pt,twocolumn]{article}
                \\usepackage[T1]{fontenc}
                \\usepackage{microtype}
                \\title{Title}
                \\author{Anonymous}
                \\begin{document}
                \\maketitle
                \\begin{abstract}
                An abstract of a paper in a justified paragraph that is long enough to need more than one line of
                text, so that the line breaking stretches the interword spaces and asks for font expansion.
                \\end{abstract}
                \\section{Introduction}
                Text of the introduction in a justified paragraph that is long enough to need several lines of text,
                so that the line breaking stretches the interword spaces and asks for font expansion once more.
                \\section{Conclusion}
                Text of the conclusion.
                \\end{document}
                """, StandardCharsets.UTF_8);

        PoConsole check = check(materials);

        assertThat(check.both()).as("the cause, with the package that provides the scalable fonts")
                .contains("cm-super");
    }

    /** Real kits from TeX Live whose class or packages need files this machine lacks. */
    static Stream<Arguments> kits_that_need_tex_the_machine_lacks() {
        return Stream.of(
                Arguments.of("asmeconf", "asmeconf-template.tex", "t2aenc.def", "texlive-lang-cyrillic"),
                Arguments.of("elbioimp", "test1.tex", "type1ec.sty", "cm-super"),
                Arguments.of("beilstein", "beilstein-template.tex", "tgheros.sty", "tex-gyre"),
                Arguments.of("mnras", "mnras_template.tex", "ts1-qtmr.tfm", "tex-gyre"));
    }

    @ParameterizedTest(name = "{0} needs {2} ({3})")
    @MethodSource("kits_that_need_tex_the_machine_lacks")
    void a_file_the_kits_class_needs_and_tex_lacks_is_refused_with_its_debian_package(String kit, String template,
            String missing, String debianPackage) throws IOException {
        assumeFalse(installed(missing), missing + " is installed here (" + debianPackage + ")");
        Path kitDir = AcceptanceCorpus.ROOT.resolve("tex-missing").resolve(kit);
        Path materials = copy(CVPR, kit);
        Files.delete(materials.resolve("template.tex"));
        try (Stream<Path> files = Files.list(kitDir)) {
            for (Path file : files.filter(file -> !file.getFileName().toString().equals("LICENSE")).toList()) {
                String name = file.getFileName().toString();
                Files.copy(file, materials.resolve(name.equals(template) ? "template.tex" : name));
            }
        }

        PoConsole check = check(materials);

        assertThat(check.exit()).as(check.both()).isEqualTo(2);
        assertThat(check.err()).as("the missing file and the Debian package that ships it")
                .contains(missing.replaceFirst("\\.tfm$", "")).contains(debianPackage);
    }

    @Test
    void a_file_an_installed_package_inputs_and_tex_lacks_is_refused_with_its_debian_package() throws IOException {
        // newtxtext.sty \input's binhex.tex, which Debian ships in texlive-plain-generic
        assumeFalse(installed("binhex.tex"), "binhex.tex is installed here (texlive-plain-generic)");
        Path materials = copy(CVPR, "binhex");
        rewrite(materials.resolve("template.tex"), tex -> tex.replace("\\usepackage{times}", "\\usepackage{newtxtext}"));

        PoConsole check = check(materials);

        assertThat(check.exit()).as(check.both()).isEqualTo(2);
        assertThat(check.err()).contains("binhex.tex").contains("texlive-plain-generic");
    }

    private void assertTablesRead(UnaryOperator<String> form, String name) throws IOException {
        Path materials = copy(CVPR, name);
        rewrite(materials.resolve("experimental_log.md"), form);

        PoConsole check = check(materials);

        assertThat(check.exit()).as(check.both()).isZero();
        assertThat(check.out()).as("the log's tables, read in the %s form", name)
                .contains(CVPR_TABLES + " log table(s)").doesNotContain("has no markdown table");
        assertThat(tables(materials)).hasSize(CVPR_TABLES);
    }

    private Path copy(Path example, String name) throws IOException {
        Path materials = work.resolve(name);
        CaseDirectories.copy(example, materials);
        return materials;
    }

    private static void rewrite(Path file, UnaryOperator<String> change) throws IOException {
        Files.writeString(file, change.apply(Files.readString(file)), StandardCharsets.UTF_8);
    }

    private static PoConsole check(Path materials) {
        return PoConsole.run("run", materials.toString(), "--offline", "--check");
    }

    /** The log's tables as the materials intake reads them. */
    private static List<MarkdownTable> tables(Path materials) {
        IntakeResult<CheckedMaterials> intake = MaterialsIntake.check(materials,
                new JobRequest(null, null, null, null, true), MaterialsLimits.defaults());
        if (intake instanceof IntakeResult.Rejected<CheckedMaterials> rejected) {
            throw new AssertionError(rejected.problems().stream().map(MaterialsProblem::message).toList());
        }
        return ((IntakeResult.Accepted<CheckedMaterials>) intake).value().content().tables();
    }

    /** Whether the installed TeX finds a file (kpsewhich). */
    private static boolean installed(String file) {
        return installedPath(file).isPresent();
    }

    /** Where the installed TeX has a file, as kpsewhich finds it. */
    private static Optional<Path> installedPath(String file) {
        try {
            Process kpsewhich = new ProcessBuilder("kpsewhich", file).redirectErrorStream(true).start();
            String out = new String(kpsewhich.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            boolean found = kpsewhich.waitFor(30, TimeUnit.SECONDS) && kpsewhich.exitValue() == 0 && !out.isEmpty();
            return found ? Optional.of(Path.of(out.lines().findFirst().orElseThrow())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
