package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.PageFillGate;
import dev.paperorchestra.content.materials.Guidelines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;

/**
 * The main text ends where the first part the guidelines do not count begins (the references always, and the
 * parts they name), measured on PDFs written here page by page, as a compile would set them.
 */
class PdfPagesNotCountedTest {

    private static final String BODY = "The method improves accuracy on every benchmark we measured while keeping "
            + "the training cost within the budget of the baseline.";
    private static final String LIMIT_ONLY = "Papers, excluding the references section, must be no longer than "
            + "eight pages.";
    private static final String ETHICS_FREE = LIMIT_ONLY + " Ethics statements do not count toward the page limit.";

    @Test
    void an_ethics_statement_that_pushes_the_paper_past_the_limit_passes_only_when_the_guidelines_exempt_it()
            throws IOException {
        // eight full pages of main text, then the ethics statement fills page nine above the references
        List<List<String>> pages = mainText(8);
        pages.add(lines("Ethics Statement", body(6), "References", "[1] A. Author. A paper. 2020."));
        byte[] pdf = pdf(pages);

        Guidelines exempt = Guidelines.parse(ETHICS_FREE);
        assertThat(exempt.excludedParts()).contains("ethics statement");
        Integer measured = PdfPages.mainTextPages(pdf, exempt.excludedParts()).orElseThrow();
        assertThat(measured).isEqualTo(8);
        assertThat(PageFillGate.check(measured, exempt.pages(), 0).passed()).isTrue();

        Guidelines strict = Guidelines.parse(LIMIT_ONLY);
        assertThat(strict.excludedParts()).doesNotContain("ethics statement");
        Integer counted = PdfPages.mainTextPages(pdf, strict.excludedParts()).orElseThrow();
        assertThat(counted).isEqualTo(9);
        assertThat(PageFillGate.check(counted, strict.pages(), 0).messages()).singleElement().asString()
                .contains("runs 9 pages, past the limit of 8");
        assertThat(PdfPages.mainTextPages(pdf)).contains(9);
    }

    @Test
    void a_not_counted_part_starting_below_main_text_keeps_that_page_and_one_at_the_top_does_not() throws IOException {
        List<List<String>> below = mainText(3);
        below.add(lines(body(4), "6 Broader Impact", body(3), "References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(below), List.of("broader impact"))).contains(4);

        List<List<String>> top = mainText(3);
        top.add(lines("Acknowledgements", body(2), "Limitations", body(5)));
        top.add(lines("References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(top), List.of("acknowledgements", "limitations"))).contains(3);
        // named parts only: without them the acknowledgements page is main text
        assertThat(PdfPages.mainTextPages(pdf(top), List.of("ethics statement"))).contains(4);
    }

    @Test
    void run_in_and_numbered_headings_are_found_and_a_sentence_naming_the_part_is_not_a_heading() throws IOException {
        List<List<String>> runIn = mainText(2);
        runIn.add(lines("Reproducibility Statement. Code and data are released with the paper.", body(5)));
        runIn.add(lines("References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(runIn), List.of("reproducibility statement"))).contains(2);

        List<List<String>> appendix = mainText(2);
        appendix.add(lines("Appendix A: Proofs", body(5)));
        appendix.add(lines("References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(appendix), List.of("appendix"))).contains(2);

        List<List<String>> mention = mainText(2);
        mention.add(lines("Our ethics review board approved the study and the limitations of the data",
                "Appendix B shows the proof of the bound.", body(5)));
        mention.add(lines("References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(mention), List.of("ethics statement", "limitations",
                "appendix"))).contains(3);
    }

    @Test
    void without_references_the_main_text_still_ends_at_a_named_part_and_deferred_floats_after_it_count()
            throws IOException {
        List<List<String>> noReferences = mainText(2);
        noReferences.add(lines("Ethics Statement", body(5)));
        assertThat(PdfPages.mainTextPages(pdf(noReferences), List.of("ethics statement"))).contains(2);

        List<List<String>> flushed = mainText(2);
        flushed.add(lines("A Checklist", body(5)));
        flushed.add(lines("Table 2: Results held back by LaTeX.", "References", "[1] A paper."));
        assertThat(PdfPages.mainTextPages(pdf(flushed), List.of("checklist"))).contains(4);
    }

    private static List<List<String>> mainText(int pages) {
        List<List<String>> all = new ArrayList<>();
        for (int i = 1; i <= pages; i++) {
            all.add(lines(i + " Section " + i, body(8)));
        }
        return all;
    }

    private static String body(int lines) {
        return String.join("\n", java.util.Collections.nCopies(lines, BODY));
    }

    private static List<String> lines(String... blocks) {
        List<String> lines = new ArrayList<>();
        for (String block : blocks) {
            lines.addAll(List.of(block.split("\n")));
        }
        return lines;
    }

    private static byte[] pdf(List<List<String>> pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (List<String> lines : pages) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(font, 7);
                    content.setLeading(14);
                    content.newLineAtOffset(40, 740);
                    for (String line : lines) {
                        content.showText(line);
                        content.newLine();
                    }
                    content.endText();
                }
            }
            document.save(out);
            return out.toByteArray();
        }
    }
}
