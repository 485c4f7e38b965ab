package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Guidelines as venues write them: each row is a statement written by us in the manner of a real call for papers
 * (machine learning, NLP, vision, IEEE- and ACM-style venues), with what must be read from it.
 */
class GuidelinesProseTest {

    /**
     * One phrasing and what it states.
     *
     * @param pages     the main-text page limit, or null when none may be read
     * @param excluded  the parts not counted, in {@link Guidelines#excludedParts()} order
     * @param mandatory sections required (beyond none)
     * @param optional  sections allowed or encouraged
     * @param deadline  the paper submission deadline, or null
     */
    record Phrasing(String text, @Nullable Integer pages, List<String> excluded, List<String> mandatory,
            List<String> optional, @Nullable String deadline) {

        @Override
        public String toString() {
            return text.length() <= 70 ? text : text.substring(0, 67) + "...";
        }
    }

    static Stream<Phrasing> phrasings() {
        return Stream.of(
                limit("Papers, excluding the references section, must be no longer than eight pages.", 8,
                        "references"),
                limit("Main text: strict upper limit of 10 pages. References and appendices do not count.", 10,
                        "references", "appendix"),
                limit("Long papers may consist of up to eight (8) pages of content, plus unlimited pages for "
                        + "references.", 8, "references"),
                limit("Submissions must not exceed 8 pages, not including the bibliography and the optional "
                        + "appendix.", 8, "references", "appendix"),
                limit("The paper is limited to 6 pages in the IEEE two-column format, including figures and "
                        + "tables.", 6),
                limit("- **Page limit**: 8", 8),
                limit("Manuscripts have an 8-page limit (excluding references, acknowledgements and the ethics "
                        + "statement).", 8, "references", "ethics statement", "acknowledgements"),
                limit("Each submission may have at most eight (8) pages of main text; appendices may follow the "
                        + "references and are not limited in length.", 8, "references", "appendix"),
                limit("Authors should submit a paper with a maximum of nine (9) pages, followed by any number of "
                        + "pages for references.", 9, "references"),
                limit("| Item | Requirement |\n|---|---|\n| Page limit | 9 pages |\n| Format | single column |",
                        9),
                limit("The main text is restricted to 7 pages. The broader impact statement and the "
                        + "reproducibility statement do not count toward the page limit.", 7,
                        "ethics statement", "reproducibility statement"),
                limit("Full papers are up to ten pages long; citations are not counted.", 10, "references"),
                limit("Submissions exceeding 12 pages, excluding the bibliography, will be rejected without "
                        + "review.", 12, "references"),
                limit("The page limit is eight pages, and the paper checklist and acknowledgements are excluded "
                        + "from the page count.", 8, "acknowledgements", "checklist"),
                limit("The page limit for the main text is nine content pages, including all figures and tables. "
                        + "Additional pages containing references, the checklist and optional appendices are "
                        + "allowed.", 9, "references", "appendix", "checklist"),
                limit("Manuscripts must not exceed six (6) pages, including references; up to two additional pages "
                        + "may be purchased.", 6),
                limit("Long submissions can contain up to eight (8) pages of content plus any number of pages of "
                        + "references. Once accepted, final versions of long papers get one additional page - up to "
                        + "nine (9) pages of content - to address the reviews.", 8, "references"),
                limit("| Part | Length |\n|---|---|\n| Main text | 10 pages |\n| References | unlimited |", 10,
                        "references"),
                limit("Submissions must be between 4 and 8 pages in the two-column format.", 8),
                limit("A strict upper limit of 10 pages applies to the main text of the initial submission, with "
                        + "unlimited additional pages for citations.", 10, "references"),
                new Phrasing("Papers must include a Limitations section, which does not count toward the page "
                        + "limit. An ethics statement is optional.", null, List.of("limitations"),
                        List.of("limitations"), List.of("ethics statement"), null),
                new Phrasing("Authors are encouraged to include a reproducibility statement. Every paper is "
                        + "required to include a broader impact statement.", null, List.of(),
                        List.of("broader impact"), List.of("reproducibility statement"), null),
                // an author guide's structure stated as how papers are organised
                new Phrasing("Original Papers are organised into Introduction, Materials and methods, Results, and "
                        + "Discussion sections.", null, List.of(),
                        List.of("introduction", "results", "materials and methods", "discussion"), List.of(), null),
                new Phrasing("Full paper submission deadline: November 14, 2025 (AoE).", null, List.of(), List.of(),
                        List.of(), "2025-11-14"),
                new Phrasing("The abstract deadline is 7 November 2025; papers are due 14 November 2025.", null,
                        List.of(), List.of(), List.of(), "2025-11-14"),
                new Phrasing("- Abstract registration: Nov. 7, 2025\n- Paper submission deadline: Nov. 14, 2025 "
                        + "(AoE)\n- Camera-ready due: Feb. 2, 2026", null, List.of(), List.of(), List.of(),
                        "2025-11-14"),
                new Phrasing("Submission deadline: 2026-01-30, 23:59 UTC.", null, List.of(), List.of(), List.of(),
                        "2026-01-30"),
                new Phrasing("Workshop submissions close on the 14th of November, 2025.", null, List.of(), List.of(),
                        List.of(), "2025-11-14"),
                new Phrasing("Submissions must contain no acknowledgements; acknowledgements may be added to the "
                        + "final version.",
                        null, List.of(), List.of(), List.of("acknowledgements"), null),
                // page numbers that are not the main-text limit
                limit("Papers may have up to 8 pages. Accepted papers get one additional page for the camera-ready "
                        + "version.", 8),
                limit("The main paper must be no longer than nine pages. Supplementary material may be up to 20 "
                        + "pages and is reviewed at the reviewers' discretion.", 9),
                limit("The main text is limited to eight pages; references may take any number of pages.", 8,
                        "references"),
                limit("Submissions are limited to 8 pages, and camera-ready versions may use up to 2 additional "
                        + "pages.", 8),
                limit("Papers shorter than 4 pages will not be considered. Papers must not exceed 10 pages.", 10),
                limit("Supplementary material (at most 50 pages) may be uploaded separately.", null),
                limit("Camera-ready papers may have up to 9 pages.", null),
                limit("Be anonymous. Use the supplied template.", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("phrasings")
    void reads_what_the_sentence_states(Phrasing phrasing) {
        Guidelines guidelines = Guidelines.parse(phrasing.text());

        assertThat(guidelines.pages()).as("page limit").isEqualTo(phrasing.pages());
        assertThat(guidelines.excludedParts()).as("not counted").containsExactlyElementsOf(phrasing.excluded());
        assertThat(guidelines.mandatorySections()).as("mandatory").containsExactlyElementsOf(phrasing.mandatory());
        assertThat(guidelines.optionalSections()).as("optional").containsExactlyElementsOf(phrasing.optional());
        assertThat(guidelines.deadline()).as("deadline")
                .isEqualTo(java.util.Optional.ofNullable(phrasing.deadline()).map(LocalDate::parse));
        assertThat(guidelines.ambiguities()).isEmpty();
        if (phrasing.pages() != null) {
            assertThat(guidelines.sentenceOf(Guidelines.Kind.PAGE_LIMIT, phrasing.pages().toString())).isPresent();
        }
    }

    static Stream<Arguments> ambiguous() {
        return Stream.of(
                Arguments.of("Long papers may have up to eight pages; short papers up to four pages.", "8", "4"),
                Arguments.of("| Track | Page limit |\n|---|---|\n| Long | 8 |\n| Short | 4 |", "8", "4"),
                Arguments.of("Page limit: 8 pages\n\nThe paper must not exceed 9 pages, excluding references.",
                        "8", "9"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ambiguous")
    void two_main_text_limits_are_an_ambiguity_naming_the_sentences_and_no_limit(String text, String one,
            String other) {
        Guidelines guidelines = Guidelines.parse(text);

        assertThat(guidelines.pages()).isNull();
        assertThat(guidelines.statesNoPageLimit()).isFalse();
        assertThat(guidelines.ambiguities()).singleElement().asString().contains(one + " (\"", other + " (\"",
                "no limit is taken");
        assertThat(guidelines.describe()).containsAll(guidelines.ambiguities());
    }

    static Stream<String> hostile() {
        // the largest guidelines accepted (256 KB) made of what the reader looks for, without sentence ends
        return Stream.of("plus excluding (page limit (up to 8 pages ", "e.g. ", "Nov. 14, 2025 deadline due ",
                "references do not count, ", "| Page limit | 8 |\n", "must include a Limitations section and ")
                .map(unit -> unit.repeat(256 * 1024 / unit.length()));
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void reads_the_largest_accepted_guidelines_of_repeated_triggers_in_linear_time(String text) {
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> Guidelines.parse(text));
    }

    private static Phrasing limit(String text, @Nullable Integer pages, String... excluded) {
        return new Phrasing(text, pages, List.of(excluded), List.of(), List.of(), null);
    }
}
