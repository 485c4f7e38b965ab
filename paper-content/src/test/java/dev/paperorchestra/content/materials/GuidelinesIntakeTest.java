package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the intake says it read from guidelines written in prose, and what a job's own page limit does to it. */
class GuidelinesIntakeTest {

    private static final String TEMPLATE = "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\n"
            + "\\section{Method}\n\\end{document}\n";
    private static final String LOG = "# Log\n\n### Main results\n\n| Method | RMSE |\n|---|---|\n| A | 1.0 |\n| B | 0.8 |\n";
    private static final JobRequest OFFLINE = new JobRequest(null, null, null, null, true);
    private static final String NO_LIMIT = "conference_guidelines.md: states no page limit";

    @TempDir
    Path dir;

    @BeforeEach
    void writeMaterials() throws Exception {
        Files.writeString(dir.resolve("idea.md"), "# Idea\n\nSparse depth.\n");
        Files.writeString(dir.resolve("experimental_log.md"), LOG);
        Files.writeString(dir.resolve("template.tex"), TEMPLATE);
    }

    @Test
    void prints_the_limit_read_from_prose_with_its_sentence_and_what_is_not_counted() throws Exception {
        guidelines("""
                # Call for papers

                Papers, excluding the references section, must be no longer than eight pages. Ethics
                statements do not count toward the page limit. Each paper must include a Limitations section.
                Full papers are due Nov. 14, 2025 (AoE).
                """);

        List<String> notes = notes(OFFLINE);

        assertThat(notes).contains(
                "conference_guidelines.md: page limit 8 (main text; references, ethics statement not counted) from "
                        + "\"Papers, excluding the references section, must be no longer than eight pages.\"",
                "conference_guidelines.md: ethics statement not counted towards the page limit, from \"Ethics "
                        + "statements do not count toward the page limit.\"",
                "conference_guidelines.md: mandatory: limitations from \"Each paper must include a Limitations "
                        + "section.\"",
                "conference_guidelines.md: submission deadline 2025-11-14 from \"Full papers are due Nov. 14, 2025 "
                        + "(AoE).\"");
        assertThat(notes).noneMatch(note -> note.startsWith(NO_LIMIT));
    }

    @Test
    void two_limits_are_a_note_naming_both_sentences_and_not_a_guess_nor_no_limit() throws Exception {
        guidelines("Long papers may have up to eight pages. Short papers may have up to four pages.\n");

        IntakeResult.Accepted<CheckedMaterials> accepted = accepted(OFFLINE);

        assertThat(accepted.value().content().guidelines().pages()).isNull();
        assertThat(accepted.notes()).contains("conference_guidelines.md: states 2 different page limits for the main "
                + "text, 4 (\"Short papers may have up to four pages.\") and 8 (\"Long papers may have up to eight "
                + "pages.\"); no limit is taken from the guidelines (--page-limit or job.json's pageLimit sets one)");
        assertThat(accepted.notes()).noneMatch(note -> note.startsWith(NO_LIMIT));
    }

    @Test
    void the_jobs_own_limit_wins_and_the_note_says_so() throws Exception {
        guidelines("The main text is limited to 8 pages.\n");
        Files.writeString(dir.resolve("job.json"), "{\"pageLimit\": 10}");

        IntakeResult.Accepted<CheckedMaterials> accepted = accepted(OFFLINE);

        assertThat(accepted.value().options().getPageLimit()).isEqualTo(10);
        assertThat(accepted.notes()).contains("conference_guidelines.md: the paper is held to 10 pages, the limit "
                + "--page-limit or job.json sets (it wins over the guidelines' 8)");
    }

    @Test
    void says_no_page_limit_only_when_nothing_was_found() throws Exception {
        guidelines("Keep it short. Supplementary material may be up to 20 pages.\n");

        assertThat(notes(OFFLINE)).anyMatch(note -> note.startsWith(NO_LIMIT));
    }

    @Test
    void a_limit_read_from_prose_outside_the_range_is_refused_naming_its_sentence() throws Exception {
        guidelines("Submissions must not exceed 90 pages.\n");

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).message()).containsExactly(
                        "conference_guidelines.md: states a page limit of 90 (\"Submissions must not exceed 90 "
                                + "pages.\"); a page limit must be 1 to 50 pages (po.materials.max-page-limit)"));
    }

    private void guidelines(String text) throws Exception {
        Files.writeString(dir.resolve("conference_guidelines.md"), text);
    }

    private List<String> notes(JobRequest request) {
        return accepted(request).notes();
    }

    @SuppressWarnings("unchecked")
    private IntakeResult.Accepted<CheckedMaterials> accepted(JobRequest request) {
        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, request, MaterialsLimits.defaults());
        assertThat(result).isInstanceOf(IntakeResult.Accepted.class);
        return (IntakeResult.Accepted<CheckedMaterials>) result;
    }
}
