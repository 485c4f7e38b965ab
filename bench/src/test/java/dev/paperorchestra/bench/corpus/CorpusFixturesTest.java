package dev.paperorchestra.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The corpus's own fixtures do what they say and no more: each Markdown form rewrites only the form, the
 * benchmark-style conversion only the headings, header cells and row numbering, and every kit of the corpus is
 * complete (its template, the files it names, its guidelines, a venue, a class).
 */
class CorpusFixturesTest {

    private static final String TABLE = """
            ### Results

            | Method | RMSE ↓ | δ1 ↑ |
            |---|---|---|
            | Ours | **0.103** | 0.994 |
            """;

    @Test
    void a_table_loses_its_outer_pipes_and_gets_a_spaced_delimiter_row() {
        assertThat(MarkdownVariants.withoutOuterPipes(TABLE)).contains("""
                Method | RMSE ↓ | δ1 ↑
                --- | --- | ---
                Ours | **0.103** | 0.994
                """);
    }

    @Test
    void a_delimiter_row_becomes_the_shortest_one() {
        assertThat(MarkdownVariants.compactDelimiters(TABLE)).contains("| Method | RMSE ↓ | δ1 ↑ |\n|-|-|-|\n");
    }

    @Test
    void atx_headings_of_level_one_and_two_become_setext_headings() {
        assertThat(MarkdownVariants.setextHeadings("# Title\nText.\n## Part\n### Caption\n"))
                .isEqualTo("Title\n=====\nText.\n\nPart\n----\n### Caption\n");
    }

    @Test
    void only_header_cells_get_their_arrows_and_greek_letters_as_tex_math() {
        String math = MarkdownVariants.mathInHeaders(TABLE + "\nδ1 rose ↑.\n");

        assertThat(math).contains("| Method | RMSE $\\downarrow$ | $\\delta_1$ $\\uparrow$ |")
                .contains("| Ours | **0.103** | 0.994 |").contains("δ1 rose ↑.");
    }

    @Test
    void every_line_ends_with_cr_lf() {
        assertThat(MarkdownVariants.crlf("a\nb\r\nc")).isEqualTo("a\r\nb\r\nc");
    }

    @ParameterizedTest
    @EnumSource(MarkdownVariants.Variant.class)
    void a_variant_of_an_example_keeps_every_number_and_word_of_it(MarkdownVariants.Variant variant)
            throws IOException {
        for (String example : List.of("cvpr-sparse-depth", "iclr-adaptive-optim")) {
            for (String file : List.of("idea.md", "experimental_log.md")) {
                String original = Files.readString(AcceptanceCorpus.EXAMPLES.resolve(example).resolve(file));
                String rewritten = variant.apply(original);

                assertThat(numbers(rewritten)).as("%s/%s", example, file).isEqualTo(numbers(original));
                assertThat(words(rewritten)).as("%s/%s", example, file).isEqualTo(words(original));
            }
        }
    }

    @Test
    void the_benchmark_style_idea_has_bold_sections_under_the_benchmarks_names_and_no_title() throws IOException {
        String idea = BenchmarkStyle.idea(Files.readString(
                AcceptanceCorpus.EXAMPLES.resolve("cvpr-sparse-depth").resolve("idea.md")));

        assertThat(idea).startsWith("**Problem Statement**").doesNotContain("GlimpseDepth: Metric Monocular")
                .contains("\n**Proposed Methodology (High-Level Technical Approach)**\n", "\n**Core Hypothesis**\n",
                        "\n**Expected Contribution**\n", "\n**Scope**\n")
                .doesNotContainPattern("(?m)^#");
    }

    @Test
    void the_benchmark_style_log_has_bold_math_headers_and_numbered_ablation_rows_and_every_number()
            throws IOException {
        String original = Files.readString(AcceptanceCorpus.EXAMPLES.resolve("cvpr-sparse-depth")
                .resolve("experimental_log.md"));
        String log = BenchmarkStyle.log(original);

        assertThat(log).contains("**Setup**", "| **Method** | **Points** | **AbsRel $\\downarrow$** |",
                "| (1) - Full model | **0.196** |", "| (7) - Swin-B encoder instead of Swin-L |")
                .doesNotContain("## Setup");
        assertThat(numbers(log)).containsAll(numbers(original));
    }

    @Test
    void every_kit_names_its_template_files_guidelines_venue_and_class() {
        Map<String, CorpusKit> kits = AcceptanceCorpus.kits();

        assertThat(kits.values().stream().filter(kit -> kit.materials() != null)).hasSizeGreaterThanOrEqualTo(8);
        assertThat(kits.values()).allSatisfy(kit -> {
            assertThat(kit.directory().resolve(kit.template())).isRegularFile();
            kit.files().forEach(file -> assertThat(kit.directory().resolve(file)).isRegularFile());
            assertThat(kit.guidelines()).isRegularFile();
            assertThat(kit.venue()).isNotBlank();
            assertThat(Files.readString(kit.directory().resolve(kit.template())))
                    .contains("{" + kit.documentClass() + "}");
            assertThat(kit.sampleText()).isNotEmpty();
        });
    }

    private static List<String> numbers(String text) {
        List<String> numbers = new ArrayList<>();
        Matcher m = Pattern.compile("\\d+(?:[.,]\\d+)*").matcher(text);
        while (m.find()) {
            numbers.add(m.group());
        }
        return numbers;
    }

    /** The words of a text, Markdown and TeX markup left out: what a reader reads. */
    private static List<String> words(String text) {
        String plain = text.replace("$\\downarrow$", "↓").replace("$\\uparrow$", "↑").replace("$\\delta_1$", "δ1")
                .replace("$\\delta$", "δ").replaceAll("[|#=\\-]+", " ");
        return List.of(plain.strip().split("\\s+"));
    }
}
