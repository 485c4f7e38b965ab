package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GuidelinesTest {

    @Test
    void reads_the_page_limit() {
        assertThat(Guidelines.parse("## Format\n- **Page limit:** 8 pages excluding references").pageLimit()).contains(8);
    }

    @Test
    void no_page_limit_when_none_is_stated() {
        assertThat(Guidelines.parse("Be anonymous.").pageLimit()).isEmpty();
    }

    @Test
    void reads_mandatory_sections_and_the_full_paper_deadline_of_an_example() throws java.io.IOException {
        Guidelines guidelines = Guidelines.parse(java.nio.file.Files.readString(
                java.nio.file.Path.of("..", "examples", "iclr-adaptive-optim", "conference_guidelines.md")));

        assertThat(guidelines.pageLimit()).contains(9);
        assertThat(guidelines.mandatorySections()).containsExactly("abstract", "introduction", "related work",
                "method", "experiments", "conclusion");
        assertThat(guidelines.deadline()).contains(java.time.LocalDate.of(2024, 10, 1));
    }

    @Test
    void nothing_is_mandatory_without_a_mandatory_content_part() {
        Guidelines guidelines = Guidelines.parse("Page limit: 8\n\nUse introduction and method sections.");

        assertThat(guidelines.mandatorySections()).isEmpty();
        assertThat(guidelines.deadline()).isEmpty();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
            "cvpr-sparse-depth; 8; references; abstract,introduction,related work,method,experiments,conclusion; ;"
                    + " 2024-11-14",
            "ecoacoustics-frog-calls; 9; references; abstract,introduction,related work,methods,experiments,"
                    + "conclusion; ; 2025-02-15",
            "iclr-adaptive-optim; 9; references,appendix,ethics statement,reproducibility statement; abstract,"
                    + "introduction,related work,method,experiments,conclusion; ethics statement,reproducibility "
                    + "statement; 2024-10-01"})
    void reads_every_example_as_before_and_what_its_prose_adds(String example, int pages, String excluded,
            String mandatory, String optional, String deadline) throws java.io.IOException {
        Guidelines guidelines = Guidelines.parse(java.nio.file.Files.readString(
                java.nio.file.Path.of("..", "examples", example, "conference_guidelines.md")));

        assertThat(guidelines.pageLimit()).contains(pages);
        assertThat(guidelines.excludedParts()).containsExactly(excluded.split(","));
        assertThat(guidelines.mandatorySections()).containsExactly(mandatory.split(","));
        assertThat(guidelines.optionalSections()).containsExactly(optional == null ? new String[0]
                : optional.split(","));
        assertThat(guidelines.deadline()).contains(java.time.LocalDate.parse(deadline));
        assertThat(guidelines.ambiguities()).isEmpty();
        assertThat(guidelines.describe()).first().asString().startsWith("page limit " + pages + " (main text; "
                + String.join(", ", excluded.split(",")) + " not counted) from \"Page limit: " + pages + " pages\"");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            Submissions must include an abstract, an introduction, a related work section, experiments and a conclusion. | abstract, introduction, related work, experiments, conclusion
            Each paper must contain the following sections: Introduction, Related Work, Methodology, Results, Discussion and Conclusion. | introduction, related work, methodology, results, discussion, conclusion
            Papers must include a Limitations section and an Ethics Statement. | limitations, ethics statement
            A Limitations section is required; an appendix is optional. | limitations
            Manuscripts must have a Materials and Methods section, a Results section and a Discussion section. | discussion, results, materials and methods
            """)
    void every_section_a_call_for_papers_makes_mandatory_is_read(String sentence, String sections) {
        assertThat(Guidelines.parse(sentence + "\n").mandatorySections())
                .containsExactlyInAnyOrder(sections.split(",\\s*"));
    }
}
