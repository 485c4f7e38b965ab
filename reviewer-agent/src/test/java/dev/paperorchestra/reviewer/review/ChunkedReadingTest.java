package dev.paperorchestra.reviewer.review;

import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.conference;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.points;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.rubric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Page-chunked reading without a broker: a long draft (a generated PDF whose every page says its number) is read
 * by each reviewer in chunks of pages, each request carrying that chunk's page text and images, and the reads are
 * merged into one review of the whole paper with every piece of evidence kept with its page.
 */
class ChunkedReadingTest {

    private static final Rubric RUBRIC = Rubric.load("v1");
    private static final String TEX = "\\begin{document}The ablation in Section 4 is thin.\\end{document}";

    /** A PDF of {@code pages} pages; page n reads "page n of the draft" and, on page 6, a sentence to quote. */
    static byte[] pdf(int pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int i = 1; i <= pages; i++) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream text = new PDPageContentStream(document, page)) {
                    text.beginText();
                    text.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                    text.newLineAtOffset(72, 700);
                    text.showText("page " + i + " of the draft" + (i == 6 ? " where the depth prior ablation is"
                            + " reported" : ""));
                    text.endText();
                }
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    private static ReviewInput input(byte[] pdf) {
        return new ReviewInput("paper-long", 0, 0, TEX, CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
                .setMessage("ok").build(), List.of(), 8, Set.of(), pdf);
    }

    private static ModelReviewer reviewer(ScriptedReviewerGateway gateway, PageChunks chunks) {
        return new ModelReviewer("reviewer-agent", ReviewFormat.CONFERENCE, RUBRIC, List.of(new ModelReviewer.Seat(
                "reviewer", gateway, ReviewerFocus.GENERAL, 0.75)), 1, 2, new ReviewPageImages(2, 50), chunks);
    }

    @Test
    void ranges_cover_every_page_in_runs_of_the_chunk_size_grown_to_the_most_chunks() {
        assertThat(PageChunks.ranges(10, 4, 4)).containsExactly(new int[] {1, 4}, new int[] {5, 8},
                new int[] {9, 10});
        // 30 pages in at most 4 chunks: chunks of 8
        assertThat(PageChunks.ranges(30, 4, 4)).containsExactly(new int[] {1, 8}, new int[] {9, 16},
                new int[] {17, 24}, new int[] {25, 30});
    }

    @Test
    void a_long_draft_is_read_in_chunks_each_with_its_pages_text_and_images_and_merged_into_one_review()
            throws IOException {
        // chunk 1 (pages 1-4) and chunk 2 (pages 5-8) score differently; chunk 3 (pages 9-10) is the short one
        String first = conference(6, 3, rubric(4, Map.of(), points("soundness",
                new String[] {"Report the ablation per dataset", "Experiments", ""})));
        String second = conference(4, 2, evidenceOnPage(rubric(2, Map.of(), points("soundness",
                new String[] {"Report the ablation per dataset", "Experiments", ""},
                "clarity", new String[] {"Define lambda before Eq. 3", "Method", ""})), 99));
        String third = conference(4, 2, rubric(3, Map.of()));
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(first, second, third));

        MemberReview review = (MemberReview) reviewer(gateway, new PageChunks(4, 4, 2, 50)).review(input(pdf(10)));

        List<LlmRequest> requests = gateway.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(0).user()).contains("part 1: pages 1-4", "--- page 1 ---", "page 4 of the draft")
                .doesNotContain("page 5 of the draft", "\\begin{document}");
        assertThat(requests.get(1).user()).contains("part 2: pages 5-8", "page 6 of the draft");
        assertThat(requests.get(2).user()).contains("part 3: pages 9-10", "page 10 of the draft");
        // images of each chunk's own pages, capped by the page-image limit
        assertThat(requests).extracting(request -> request.images().size()).containsExactly(2, 2, 2);

        // scores: page-weighted means (4 + 4 + 2 pages), rounded half up; the decision follows the merged overall
        assertThat(review.rubric().scores()).containsEntry("soundness", 3).containsEntry("clarity", 3);
        assertThat(review.scores().getOverall()).isEqualTo(5.0);
        assertThat(review.scores().getDecision()).isEqualTo(ConferenceReview.ACCEPT);
        ConferenceReview merged = (ConferenceReview) review.review();
        assertThat(merged.confidence()).isEqualTo(4);
        assertThat(merged.summary()).contains("pp. 1-4: ", "pp. 9-10: ");
        // every chunk's evidence kept with its page: the given page when in the chunk, else the page holding it
        RubricAssessment.CriterionScore soundness = review.rubric().criteria().getFirst();
        assertThat(soundness.evidence()).extracting(RubricAssessment.Evidence::page).containsExactly(4, 6, null);
        // a point raised in two chunks is one point; the other chunk's own point is kept
        assertThat(soundness.points()).extracting(RubricAssessment.Point::request)
                .containsExactly("Report the ablation per dataset");
        assertThat(review.rubric().criteria().get(3).points()).extracting(RubricAssessment.Point::request)
                .containsExactly("Define lambda before Eq. 3");
        JsonNode json = review.toJson();
        assertThat(json.at("/Rubric/criteria/soundness/Evidence/1/Page").asInt()).isEqualTo(6);
    }

    @Test
    void a_draft_that_fits_one_request_is_read_whole_as_before() throws IOException {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(conference(5, 2)));

        reviewer(gateway, new PageChunks(4, 4, 8, 50)).review(input(pdf(8)));

        assertThat(gateway.requests()).singleElement().satisfies(request ->
                assertThat(request.user()).contains("Paper (LaTeX):", "\\begin{document}"));
    }

    @Test
    void chunk_pages_zero_reads_every_draft_whole() throws IOException {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(conference(5, 2)));

        reviewer(gateway, new PageChunks(0, 4, 2, 50)).review(input(pdf(12)));

        assertThat(gateway.requests()).hasSize(1);
    }

    /**
     * The rubric block with the soundness evidence re-quoted: a span that is on page 6 given as page 99 (outside
     * the chunk), so the merge finds its page from the chunk's text.
     */
    private static String evidenceOnPage(String rubric, int wrongPage) {
        var json = (tools.jackson.databind.node.ObjectNode) dev.paperorchestra.base.json.Json.mapper()
                .readTree(rubric);
        ((tools.jackson.databind.node.ObjectNode) json.at("/soundness/Evidence/0"))
                .put("Quote", "where the depth prior ablation is reported").put("Page", wrongPage);
        return json.toString();
    }
}
