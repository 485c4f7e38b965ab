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
}
