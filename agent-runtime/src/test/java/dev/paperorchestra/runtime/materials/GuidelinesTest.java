package dev.paperorchestra.runtime.materials;

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
}
