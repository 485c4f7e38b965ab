package dev.paperorchestra.outline.materials;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class SubmissionDeadlineTest {

    @Test
    void takes_the_full_paper_deadline_over_registration_abstract_and_supplementary_deadlines() {
        String guidelines = """
                - Abstract submission deadline: 2024-09-27, 23:59 Anywhere on Earth
                - Paper registration deadline: 2024-11-08
                - Full paper submission deadline: 2024-11-14, 23:59 Pacific Time
                - Supplementary material submission deadline: 2024-11-21
                """;

        assertThat(SubmissionDeadline.of(guidelines)).contains(LocalDate.parse("2024-11-14"));
    }

    @Test
    void falls_back_to_the_abstract_deadline_when_no_paper_deadline_is_given() {
        assertThat(SubmissionDeadline.of("Abstract submission deadline: 2024-09-27"))
                .contains(LocalDate.parse("2024-09-27"));
    }

    @Test
    void reads_dates_written_out_in_english() {
        assertThat(SubmissionDeadline.of("The submission deadline is November 14, 2024 (AoE)."))
                .contains(LocalDate.parse("2024-11-14"));
        assertThat(SubmissionDeadline.of("Submission deadline: 3 May 2025")).contains(LocalDate.parse("2025-05-03"));
        assertThat(SubmissionDeadline.of("Workshop papers are due Nov. 14, 2025 (AoE)."))
                .contains(LocalDate.parse("2025-11-14"));
    }

    @Test
    void finds_nothing_in_guidelines_without_a_submission_deadline() {
        assertThat(SubmissionDeadline.of("Page limit: 8 pages\nDeadline for camera-ready: 2025-03-01")).isEmpty();
    }
}
