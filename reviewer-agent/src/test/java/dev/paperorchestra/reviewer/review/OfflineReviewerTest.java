package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.PaperFixtures;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class OfflineReviewerTest {

    private static final List<String> SECTIONS = List.of("Introduction", "Related Work", "Method", "Experiments",
            "Conclusion");
    private static final CompileReport COMPILED_8 = CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
            .setMessage("8 pages").setPageCount(8).build();
    private static final Set<String> BIB = IntStream.rangeClosed(1, PaperFixtures.CITED).mapToObj(i -> "ref" + i)
            .collect(Collectors.toSet());

    private final OfflineReviewer reviewer = new OfflineReviewer();

    private static ReviewInput input(String tex, CompileReport compile) {
        return new ReviewInput("paper-1", 0, 0, tex, compile, SECTIONS, 8, BIB, null);
    }

    @Test
    void writes_exactly_the_fields_of_the_conference_format_plus_generated_by() {
        ObjectNode json = reviewer.review(input(PaperFixtures.tex(SECTIONS), COMPILED_8)).toJson();

        List<String> names = new ArrayList<>(json.propertyNames());
        assertThat(names).containsExactly("Summary", "Strengths", "Weaknesses", "Questions", "Limitations",
                "Ethical Concerns", "Originality", "Quality", "Clarity", "Significance", "Soundness",
                "Presentation", "Contribution", "Overall", "Confidence", "Decision", "GeneratedBy");
        assertThat(json.get("GeneratedBy").stringValue()).isEqualTo(ModelMode.OFFLINE_LABEL);
        assertThat(json.get("Ethical Concerns").isBoolean()).isTrue();
        assertThat(json.get("Strengths").isArray()).isTrue();
    }

    @Test
    void scores_stay_within_the_ranges_of_the_format() {
        for (String tex : List.of(PaperFixtures.tex(SECTIONS), "", "\\section{Method} TODO ?? \\ref{x}")) {
            for (CompileStatus status : CompileStatus.values()) {
                CompileReport compile = CompileReport.newBuilder().setStatus(status).setMessage("m").build();
                ConferenceReview review = reviewer.review(input(tex, compile));

                assertThat(review.subScores().values()).allSatisfy(score -> assertThat(score).isBetween(1, 4));
                assertThat(review.overall()).isBetween(1, 10);
                assertThat(review.confidence()).isBetween(1, 5);
            }
        }
    }

    @Test
    void the_same_draft_gets_the_same_review() {
        String tex = PaperFixtures.tex(SECTIONS);

        assertThat(reviewer.review(input(tex, COMPILED_8)).toJsonText())
                .isEqualTo(reviewer.review(input(tex, COMPILED_8)).toJsonText());
    }

    @Test
    void strengths_state_what_was_measured() {
        ConferenceReview review = reviewer.review(input(PaperFixtures.tex(SECTIONS), COMPILED_8));

        assertThat(review.strengths()).contains(
                "The draft cites 24 distinct references, all defined in references.bib.",
                "Every one of the 5 template sections is present and has text.",
                "The PDF compiled to 8 pages, within the 8-page limit.");
        assertThat(review.weaknesses()).contains("The draft includes 1 figure.", "The draft has 1 booktabs table.");
    }

    @Test
    void every_weakness_comes_with_a_question() {
        String tex = PaperFixtures.tex(SECTIONS).replace("\\end{document}", "TODO\n\\end{document}");

        ConferenceReview review = reviewer.review(input(tex, COMPILED_8));

        assertThat(review.questions()).hasSameSizeAs(review.weaknesses()).doesNotContain("");
    }

    @Test
    void a_failed_compile_caps_the_overall_score_and_rejects() {
        CompileReport failed = CompileReport.newBuilder().setStatus(CompileStatus.FAILED)
                .setMessage("Undefined control sequence").build();

        ConferenceReview review = reviewer.review(input(PaperFixtures.tex(SECTIONS), failed));

        assertThat(review.overall()).isLessThanOrEqualTo(3);
        assertThat(review.decision()).isEqualTo("Reject");
        assertThat(review.weaknesses()).contains("The LaTeX failed to compile: Undefined control sequence");
    }

    @Test
    void names_template_sections_without_text() {
        String tex = PaperFixtures.tex(SECTIONS).replace("\\section{Method}\n"
                + "The measurements of this section are reported as logged \\cite{ref3}.", "\\section{Method}\n");

        ConferenceReview review = reviewer.review(input(tex, COMPILED_8));

        assertThat(review.weaknesses()).contains("Template sections without text: Method.");
        assertThat(review.questions()).contains("What should the sections Method contain?");
        assertThat(review.overall()).isLessThanOrEqualTo(4);
    }

    @Test
    void counts_unresolved_markers_and_citations_missing_from_the_bibliography() {
        String tex = PaperFixtures.tex(SECTIONS).replace("\\end{document}",
                "TODO see Table ?? and \\ref{tab:none} \\cite{ghost}\n\\end{document}");

        ConferenceReview review = reviewer.review(input(tex, COMPILED_8));

        assertThat(review.weaknesses()).anySatisfy(weakness -> assertThat(weakness)
                .startsWith("Found 4 unresolved items: 1 typed '??', 1 TODO/TBD marker,")
                .contains("tab:none").contains("1 citation key missing from references.bib"));
        assertThat(review.overall()).isLessThanOrEqualTo(5);
    }

    @Test
    void a_pdf_far_over_the_page_limit_is_a_weakness() {
        CompileReport twelve = CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("12 pages")
                .setPageCount(12).build();

        ConferenceReview review = reviewer.review(input(PaperFixtures.tex(SECTIONS), twelve));

        assertThat(review.weaknesses()).contains("The PDF has 12 pages, more than 2 pages over the 8-page limit.");
        assertThat(review.questions()).contains("Which material can move to the appendix to meet the 8-page limit?");
    }

    @Test
    void a_richer_draft_scores_higher_than_an_empty_one() {
        ConferenceReview rich = reviewer.review(input(PaperFixtures.tex(SECTIONS), COMPILED_8));
        ConferenceReview empty = reviewer.review(input("\\begin{document}\\end{document}", COMPILED_8));

        assertThat(rich.overall()).isGreaterThan(empty.overall());
        assertThat(empty.overall()).isEqualTo(1);
    }
}
