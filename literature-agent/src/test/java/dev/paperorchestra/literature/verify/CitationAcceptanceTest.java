package dev.paperorchestra.literature.verify;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class CitationAcceptanceTest {

    private static final String TITLE = "Deep Residual Learning for Image Recognition";
    private static final LocalDate CUTOFF = LocalDate.parse("2024-11-01");
    private final CitationAcceptance rules = new CitationAcceptance(70, 5);

    private static ScholarRecord.Builder resnet() {
        return record("s2-resnet", TITLE).setYear(2016).setPublicationDate("2016-06-27");
    }

    @Test
    void accepts_a_close_title_with_abstract_published_before_cutoff() {
        Verdict verdict = rules.judge(candidate("Deep residual learning for image recognition.").build(),
                resnet().build(), CUTOFF);

        assertThat(verdict).isEqualTo(new Verdict.Accepted(100.0));
        assertThat(verdict.reason()).isEqualTo("verified");
    }

    @Test
    void rejects_a_title_below_the_threshold_naming_the_score() {
        Verdict verdict = rules.judge(candidate("Residual Learning").build(), resnet().build(), CUTOFF);

        assertThat(verdict.accepted()).isFalse();
        assertThat(verdict.reason()).isEqualTo("title similarity 55 <= 70");
    }

    @Test
    void rejects_a_near_miss_title_when_the_years_differ() {
        // similarity 66.7: below 70 on its own
        Candidate candidate = candidate("Deep Residual Learning").setYear(2015).build();

        assertThat(rules.judge(candidate, resnet().build(), CUTOFF).reason()).isEqualTo("title similarity 66 <= 70");
    }

    @Test
    void year_bonus_tips_a_near_miss_title_over_the_threshold() {
        Candidate candidate = candidate("Deep Residual Learning").setYear(2016).build();

        Verdict verdict = rules.judge(candidate, resnet().build(), CUTOFF);

        assertThat(verdict.accepted()).isTrue();
        assertThat(verdict.similarity()).isLessThan(70.0);
    }

    @Test
    void rejects_a_score_equal_to_the_threshold() {
        CitationAcceptance exact = new CitationAcceptance(100, 0);

        assertThat(exact.judge(candidate(TITLE).build(), resnet().build(), CUTOFF).reason())
                .isEqualTo("title similarity 100 <= 100");
    }

    @Test
    void rejects_a_record_without_abstract() {
        assertThat(rules.judge(candidate(TITLE).build(), resnet().setAbstractText(null).build(), CUTOFF).reason())
                .isEqualTo("no abstract");
        assertThat(rules.judge(candidate(TITLE).build(), resnet().setAbstractText("  ").build(), CUTOFF).reason())
                .isEqualTo("no abstract");
    }

    @Test
    void rejects_a_record_published_after_the_cutoff() {
        ScholarRecord late = resnet().setYear(2025).setPublicationDate("2025-03-01").build();

        assertThat(rules.judge(candidate(TITLE).build(), late, CUTOFF).reason())
                .isEqualTo("published 2025-03-01, not before cutoff 2024-11-01");
    }

    @Test
    void rejects_a_record_published_on_the_cutoff_day() {
        ScholarRecord onCutoff = resnet().setYear(2024).setPublicationDate("2024-11-01").build();

        assertThat(rules.judge(candidate(TITLE).build(), onCutoff, CUTOFF).reason())
                .isEqualTo("published 2024-11-01, not before cutoff 2024-11-01");
    }

    @Test
    void accepts_a_record_published_the_day_before_the_cutoff() {
        ScholarRecord dayBefore = resnet().setYear(2024).setPublicationDate("2024-10-31").build();

        assertThat(rules.judge(candidate(TITLE).build(), dayBefore, CUTOFF).accepted()).isTrue();
    }

    @Test
    void accepts_a_year_only_record_from_a_year_before_the_cutoff_year() {
        ScholarRecord yearOnly = resnet().setYear(2023).setPublicationDate(null).build();

        assertThat(rules.judge(candidate(TITLE).build(), yearOnly, CUTOFF).accepted()).isTrue();
    }

    @Test
    void rejects_a_year_only_record_from_the_cutoff_year() {
        // it may have appeared in December, after a November cutoff
        ScholarRecord yearOnly = resnet().setYear(2024).setPublicationDate(null).build();

        assertThat(rules.judge(candidate(TITLE).build(), yearOnly, CUTOFF).reason())
                .isEqualTo("published 2024, not before cutoff 2024-11-01");
    }

    @Test
    void rejects_a_record_without_any_date_when_there_is_a_cutoff() {
        ScholarRecord undated = resnet().setYear(null).setPublicationDate(null).build();

        assertThat(rules.judge(candidate(TITLE).build(), undated, CUTOFF).accepted()).isFalse();
    }

    @Test
    void accepts_any_date_without_cutoff() {
        ScholarRecord future = resnet().setYear(2030).setPublicationDate("2030-01-01").build();

        assertThat(rules.judge(candidate(TITLE).build(), future, null).accepted()).isTrue();
    }

    @Test
    void reads_a_year_month_cutoff_as_the_first_day_of_the_month() {
        assertThat(CitationAcceptance.cutoff("2024-11")).isEqualTo(CUTOFF);
        assertThat(CitationAcceptance.cutoff("2024-11-01")).isEqualTo(CUTOFF);
        assertThat(CitationAcceptance.cutoff(null)).isNull();
    }

    @Test
    void refuses_a_cutoff_that_is_not_a_date() {
        assertThatThrownBy(() -> CitationAcceptance.cutoff("November")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("November");
    }

    @Test
    void accepts_a_title_just_above_the_threshold_without_any_year() {
        Verdict verdict = rules.judge(candidate("Deep Residual Learning for").build(), resnet().build(), CUTOFF);

        assertThat(verdict.similarity()).isBetween(70.0, 75.0);
        assertThat(verdict.accepted()).isTrue();
    }

    @Test
    void gives_no_year_bonus_when_the_candidate_year_is_unknown() {
        // 67.6 on its own; the same title with the record's year would pass
        Candidate yearless = candidate("Residual learning, images").build();
        Candidate sameYear = candidate("Residual learning, images").setYear(2016).build();

        assertThat(rules.judge(yearless, resnet().build(), CUTOFF).reason()).isEqualTo("title similarity 67 <= 70");
        assertThat(rules.judge(sameYear, resnet().build(), CUTOFF).accepted()).isTrue();
    }

    @Test
    void gives_no_year_bonus_when_the_record_year_is_unknown() {
        Candidate candidate = candidate("Residual learning, images").setYear(2016).build();
        ScholarRecord yearless = resnet().setYear(null).build();

        assertThat(rules.judge(candidate, yearless, null).reason()).isEqualTo("title similarity 67 <= 70");
    }

    @Test
    void rejects_a_score_that_reaches_the_threshold_only_exactly_with_the_bonus() {
        Candidate candidate = candidate("Deep Residual Learning").setYear(2016).build();
        CitationAcceptance tight = new CitationAcceptance(TitleSimilarity.ratio("Deep Residual Learning", TITLE) + 5, 5);

        Verdict verdict = tight.judge(candidate, resnet().build(), CUTOFF);

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Rejected.class,
                rejected -> assertThat(rejected.category()).isEqualTo(RejectionReason.TITLE_MISMATCH));
    }

    @Test
    void rejects_a_near_miss_title_of_a_different_paper() {
        Verdict verdict = rules.judge(candidate("Residual Networks Behave Like Ensembles").setYear(2016).build(),
                resnet().build(), CUTOFF);

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Rejected.class,
                rejected -> assertThat(rejected.category()).isEqualTo(RejectionReason.TITLE_MISMATCH));
    }

    @Test
    void matches_titles_that_differ_only_in_case_and_punctuation() {
        Verdict verdict = rules.judge(candidate("DEEP RESIDUAL-LEARNING: for image recognition!").build(),
                resnet().build(), CUTOFF);

        assertThat(verdict.similarity()).isEqualTo(100.0);
        assertThat(verdict.accepted()).isTrue();
    }

    @Test
    void applies_the_rules_in_order_and_names_the_first_that_fails() {
        ScholarRecord lateWithoutAbstract = resnet().setAbstractText(null).setPublicationDate("2025-01-01").build();

        Verdict wrongTitle = rules.judge(candidate("Residual Learning").build(), lateWithoutAbstract, CUTOFF);
        Verdict rightTitle = rules.judge(candidate(TITLE).build(), lateWithoutAbstract, CUTOFF);

        assertThat(((Verdict.Rejected) wrongTitle).category()).isEqualTo(RejectionReason.TITLE_MISMATCH);
        assertThat(((Verdict.Rejected) rightTitle).category()).isEqualTo(RejectionReason.NO_ABSTRACT);
        assertThat(((Verdict.Rejected) rules.judge(candidate(TITLE).build(),
                resnet().setPublicationDate("2025-01-01").build(), CUTOFF)).category())
                .isEqualTo(RejectionReason.NOT_BEFORE_CUTOFF);
    }

    @Test
    void a_year_month_cutoff_admits_the_last_day_of_the_previous_month_only() {
        LocalDate november = CitationAcceptance.cutoff("2024-11");

        assertThat(rules.judge(candidate(TITLE).build(), resnet().setPublicationDate("2024-10-31").build(), november)
                .accepted()).isTrue();
        assertThat(rules.judge(candidate(TITLE).build(), resnet().setPublicationDate("2024-11-01").build(), november)
                .reason()).isEqualTo("published 2024-11-01, not before cutoff 2024-11-01");
    }

    @Test
    void a_january_cutoff_admits_a_year_only_record_of_the_year_before() {
        LocalDate january = CitationAcceptance.cutoff("2025-01");

        assertThat(rules.judge(candidate(TITLE).build(), resnet().setYear(2024).setPublicationDate(null).build(),
                january).accepted()).isTrue();
        assertThat(rules.judge(candidate(TITLE).build(), resnet().setYear(2025).setPublicationDate(null).build(),
                january).accepted()).isFalse();
    }

    @Test
    void falls_back_to_the_year_when_the_publication_date_is_not_a_date() {
        ScholarRecord vague = resnet().setYear(2024).setPublicationDate("2024-10").build();

        assertThat(rules.judge(candidate(TITLE).build(), vague, CUTOFF).reason())
                .isEqualTo("published 2024, not before cutoff 2024-11-01");
    }

    @Test
    void names_the_rejection_categories_as_written_to_the_summary() {
        assertThat(RejectionReason.values()).extracting(RejectionReason::code)
                .containsExactly("no-match", "title-mismatch", "no-abstract", "not-before-cutoff");
    }
}
