package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import org.junit.jupiter.api.Test;

class LatexTemplateTest {

    private static final String TEMPLATE = """
            \\documentclass[10pt,twocolumn]{article}
            \\begin{document}
            \\section{Introduction}
            intro
            \\section{Related Work}
            % \\section{Commented out}
            \\section{Conclusion}
            \\end{document}
            """;

    @Test
    void lists_sections_in_order_ignoring_commented_ones() {
        assertThat(LatexTemplate.parse(TEMPLATE).sections()).containsExactly("Introduction", "Related Work", "Conclusion");
    }

    @Test
    void detects_a_two_column_layout() {
        assertThat(LatexTemplate.parse(TEMPLATE).twoColumn()).isTrue();
        assertThat(LatexTemplate.parse(TEMPLATE.replace("twocolumn", "")).twoColumn()).isFalse();
    }

    @Test
    void a_class_that_sets_two_columns_by_default_is_two_column_unless_told_otherwise() {
        assertThat(LatexTemplate.twoColumn("IEEEtran", "conference")).isTrue();
        assertThat(LatexTemplate.twoColumn("IEEEtran", "onecolumn,journal")).isFalse();
        assertThat(LatexTemplate.twoColumn("acmart", "sigconf,review")).isTrue();
        assertThat(LatexTemplate.twoColumn("acmart", "manuscript")).isFalse();
        assertThat(LatexTemplate.twoColumn("article", "10pt")).isFalse();
    }

    @Test
    void names_the_document_class_and_keeps_the_preamble() {
        LatexTemplate template = LatexTemplate.parse(TEMPLATE);

        assertThat(template.documentClass()).isEqualTo("article");
        assertThat(template.preamble()).startsWith("\\documentclass").doesNotContain("\\begin{document}");
    }

    @Test
    void rejects_a_template_without_begin_document_naming_the_file() {
        assertThatThrownBy(() -> LatexTemplate.parse(TEMPLATE.replace("\\begin{document}", "")))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageStartingWith("template.tex:")
                .hasMessageContaining("\\begin{document}");
    }

    @Test
    void rejects_a_template_without_sections() {
        assertThatThrownBy(() -> LatexTemplate.parse("\\documentclass{article}\\begin{document}x\\end{document}"))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageContaining("\\section");
    }

    @Test
    void rejects_an_empty_template() {
        assertThatThrownBy(() -> LatexTemplate.parse("  \n")).hasMessageContaining("empty");
    }

    @Test
    void finds_a_section_by_a_word_of_its_title() {
        assertThat(LatexTemplate.parse(TEMPLATE).sectionMatching("related")).contains("Related Work");
    }
}
