package dev.paperorchestra.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FencedBlocksTest {

    @Test
    void extracts_the_block_tagged_with_the_language_and_drops_the_chatter_around_it() {
        String answer = "Here is the revised paper:\n```latex\n\\documentclass{article}\n\\begin{document}\nx\n\\end{document}\n```\nLet me know.";

        assertThat(FencedBlocks.extract(answer, "latex"))
                .isEqualTo("\\documentclass{article}\n\\begin{document}\nx\n\\end{document}");
    }

    @Test
    void prefers_the_tagged_block_over_an_untagged_one() {
        String answer = "```\nnot this\n```\n```bibtex\n@article{a, title={T}}\n```";

        assertThat(FencedBlocks.extract(answer, "bibtex")).isEqualTo("@article{a, title={T}}");
    }

    @Test
    void takes_the_longest_of_several_tagged_blocks() {
        String answer = "```json\n{}\n```\nand the full one\n```json\n{\"a\": [1, 2]}\n```";

        assertThat(FencedBlocks.extract(answer, "json")).isEqualTo("{\"a\": [1, 2]}");
    }

    @Test
    void accepts_tex_as_a_latex_tag() {
        assertThat(FencedBlocks.find("```tex\n\\section{A}\n```", "latex")).contains("\\section{A}");
    }

    @Test
    void returns_the_trimmed_answer_when_there_is_no_fence() {
        assertThat(FencedBlocks.extract("  {\"ok\": true}\n", "json")).isEqualTo("{\"ok\": true}");
        assertThat(FencedBlocks.find("{\"ok\": true}", "json")).isEmpty();
    }

    @Test
    void ignores_blocks_tagged_with_another_language() {
        assertThat(FencedBlocks.find("```python\nprint(1)\n```", "latex")).isEmpty();
    }

    @Test
    void reads_crlf_answers_and_a_fence_that_does_not_start_its_line() {
        assertThat(FencedBlocks.find("Sure: ```latex\r\n\\section{A}\r\n  ```\r\nDone.", "latex"))
                .contains("\\section{A}");
        assertThat(FencedBlocks.find("use ```x``` inline, then\n```json\n{}\n```", "json")).contains("{}");
    }

    @Test
    void an_unclosed_fence_is_no_block() {
        assertThat(FencedBlocks.find("```latex\n\\section{A}", "latex")).isEmpty();
    }
}
