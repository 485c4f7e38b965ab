package dev.paperorchestra.outline.exemplar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExemplarPlanTest {

    /** A results-first paper (as many journals order them): methods after the discussion. */
    static String resultsFirst(String methodsBody) {
        return """
                \\documentclass{article}
                \\begin{document}
                \\begin{abstract}An abstract.\\end{abstract}
                \\section{Introduction}
                %s
                \\section{Results}
                %s
                \\section{Discussion}
                %s
                \\section{Methods}
                %s
                \\bibliography{refs}
                \\section{Not a section: after the bibliography}
                """.formatted("i".repeat(100), "r".repeat(400), "d".repeat(100), methodsBody);
    }

    @Test
    void latex_sections_have_titles_order_and_shares_of_the_text() {
        List<ExemplarSections.Section> sections = ExemplarSections.ofLatex(resultsFirst("m".repeat(400)));

        assertThat(sections).extracting(ExemplarSections.Section::title)
                .containsExactly("Introduction", "Results", "Discussion", "Methods");
        assertThat(sections).extracting(ExemplarSections.Section::chars).containsExactly(100, 400, 100, 400);
    }

    @Test
    void hostile_latex_is_read_as_text_only_and_capped() {
        String hostile = "\\documentclass{article}\\begin{document}\n"
                + "% \\section{Commented out}\n"
                + "\\section{\\input{/etc/passwd}Setup}\n\\immediate\\write18{touch /tmp/pwned}\\openin5=/etc/shadow\n"
                + "\\section{" + "x".repeat(ExemplarSections.MAX_TITLE + 1) + "}\nbody\n"
                + "\\section{Tail}\n" + "t".repeat(ExemplarSections.MAX_CHARS) + "\n\\section{Past the cap}\n";

        List<ExemplarSections.Section> sections = ExemplarSections.ofLatex(hostile);

        assertThat(sections).extracting(ExemplarSections.Section::title)
                .containsExactly("Setup", "Tail");
        assertThat(Path.of("/tmp/pwned")).doesNotExist();
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            many.append("\\section{S").append(i).append("}\nx\n");
        }
        assertThat(ExemplarSections.ofLatex(many.toString())).hasSize(40);
    }

    @Test
    void pdf_text_headings_are_numbered_lines_counted_up_from_one_until_the_references() {
        String text = """
                A Title of the Exemplar
                1 Introduction
                We study depth. In 2 Results we show more.
                2 Results
                Table 3 lists numbers.
                3 Methods
                We train.
                References
                4 Not a section
                """;

        assertThat(ExemplarSections.ofPdfText(text)).extracting(ExemplarSections.Section::title)
                .containsExactly("Introduction", "Results", "Methods");
        assertThat(ExemplarSections.ofPdfText("no headings at all\n")).isEmpty();
    }

    @Test
    void the_plan_merges_sections_by_role_in_the_exemplars_mean_order() {
        ExemplarPlan plan = ExemplarPlan.of(List.of(
                new ExemplarPlan.Read("exemplars/a.tex", "latex", ExemplarSections.ofLatex(resultsFirst(
                        "m".repeat(400)))),
                new ExemplarPlan.Read("exemplars/b.tex", "latex", List.of(new ExemplarSections.Section(
                        "Introduction", 100), new ExemplarSections.Section("Experimental Results", 500),
                        new ExemplarSections.Section("Proposed Approach", 400))))).orElseThrow();

        assertThat(plan.sections()).extracting(ExemplarPlan.PlannedSection::role)
                .containsExactly("introduction", "experiments", "discussion", "method");
        ExemplarPlan.PlannedSection method = plan.section("method").orElseThrow();
        assertThat(method.exemplars()).containsExactly("exemplars/a.tex", "exemplars/b.tex");
        assertThat(method.share()).isEqualTo((0.4 + 0.4) / 2);
        assertThat(plan.section("discussion").orElseThrow().exemplars()).containsExactly("exemplars/a.tex");
        assertThat(ExemplarPlan.of(List.of())).isEmpty();
    }

    @Test
    void a_pdf_exemplar_is_read_by_pdftotext_in_the_sandbox(@TempDir Path work) throws IOException {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        assumeThat(sandbox.isolation()).isNotEqualTo(Sandbox.Isolation.REFUSED);
        assumeThat(Files.isExecutable(Path.of("/usr/bin/pdftotext"))).isTrue();
        ExemplarReader reader = new ExemplarReader(sandbox, "pdftotext", work);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("journal.pdf", pdf(List.of("1 Introduction", "Why depth matters.", "2 Results",
                "What we measured, at length, in many words.", "3 Methods", "How.", "References", "[1] A.")));
        files.put("notes.txt", "1 Introduction".getBytes(StandardCharsets.UTF_8));
        files.put("huge.pdf", new byte[ExemplarReader.MAX_PDF_BYTES + 1]);
        files.put("broken.pdf", "%PDF-1.5 not really".getBytes(StandardCharsets.UTF_8));

        List<ExemplarPlan.Read> read = reader.read("paper-1", files);

        assertThat(read).singleElement().satisfies(one -> {
            assertThat(one.file()).isEqualTo("exemplars/journal.pdf");
            assertThat(one.format()).isEqualTo("pdf");
            assertThat(one.sections()).extracting(ExemplarSections.Section::title)
                    .containsExactly("Introduction", "Results", "Methods");
        });
        try (var left = Files.list(work)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void without_a_sandbox_only_latex_exemplars_are_read_and_at_most_five() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 1; i <= 7; i++) {
            files.put("e" + i + ".tex", resultsFirst("m").getBytes(StandardCharsets.UTF_8));
        }
        files.put("a.pdf", new byte[10]);

        List<ExemplarPlan.Read> read = ExemplarReader.latexOnly().read("paper-1", files);

        assertThat(read).extracting(ExemplarPlan.Read::file).containsExactly("exemplars/e1.tex", "exemplars/e2.tex",
                "exemplars/e3.tex", "exemplars/e4.tex", "exemplars/e5.tex");
    }

    static byte[] pdf(List<String> lines) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.beginText();
                content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11);
                content.setLeading(16);
                content.newLineAtOffset(72, 700);
                for (String line : lines) {
                    content.showText(line);
                    content.newLine();
                }
                content.endText();
            }
            document.save(out);
            return out.toByteArray();
        }
    }
}
