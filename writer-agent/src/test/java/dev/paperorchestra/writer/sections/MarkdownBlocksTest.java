package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownBlocksTest {

    @Test
    void paragraphs_lists_and_run_in_headings_become_latex() {
        String latex = MarkdownBlocks.render("""
                **Datasets**

                - NYU Depth v2: 24,231 frames at
                  640 × 480.
                - KITTI: 652 test images.

                ### Loss

                The loss is $\\mathcal{L}$ with 5% weight.

                1. first
                2. second
                """);

        assertThat(latex).isEqualTo("""
                \\paragraph{Datasets.}
                \\begin{itemize}
                  \\item NYU Depth v2: 24,231 frames at 640 $\\times$ 480.
                  \\item KITTI: 652 test images.
                \\end{itemize}

                \\paragraph{Loss.}
                The loss is $\\mathcal{L}$ with 5\\% weight.

                \\begin{enumerate}
                  \\item first
                  \\item second
                \\end{enumerate}""");
    }

    @Test
    void tables_and_headings_left_empty_by_them_are_dropped() {
        String latex = MarkdownBlocks.render("### Hyper-parameters\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
                + "### Training schedule\n\nText.\n");

        assertThat(latex).isEqualTo("\\paragraph{Training schedule.}\nText.");
    }

    @Test
    void the_materials_own_headings_are_no_paragraph_titles() {
        String latex = MarkdownBlocks.render("### Method in brief\n\nTokens attend.\n\n### Core question\n\n"
                + "Why?\n\n### Glimpse tokens\n\nEach token.\n");

        assertThat(latex).isEqualTo("Tokens attend.\n\nWhy?\n\n\\paragraph{Glimpse tokens.}\nEach token.");
    }

    @Test
    void display_math_is_kept() {
        assertThat(MarkdownBlocks.render("$$\nx = y^2\n$$\n")).isEqualTo("\\[\nx = y^2\n\\]");
    }
}
