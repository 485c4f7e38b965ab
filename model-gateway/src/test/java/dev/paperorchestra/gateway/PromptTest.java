package dev.paperorchestra.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromptTest {

    private static final Prompt.Materials MATERIALS = new Prompt.Materials("""
            # GlimpseDepth

            ## Core idea
            Depth from a few hundred sparse points.
            """, """
            # Experimental log

            ## Setup
            | points | AbsRel |
            | --- | --- |
            | 200 | 0.018 |
            """);

    @Test
    void sends_blocks_in_the_order_of_their_parts_whatever_order_they_were_added_in() {
        Prompt prompt = Prompt.builder().task("TASK").document("PAPER").rules("RULES").reading("FIGURES")
                .literature("KEYS").outline("{\"sections\": []}").materials(MATERIALS).build();

        assertThat(prompt.blocks()).extracting(Prompt.Block::part).containsExactly(Prompt.Part.MATERIALS,
                Prompt.Part.OUTLINE, Prompt.Part.LITERATURE, Prompt.Part.READING, Prompt.Part.RULES,
                Prompt.Part.DOCUMENT, Prompt.Part.TASK);
        assertThat(prompt.text()).startsWith(MATERIALS.text()).endsWith("PAPER\n\nTASK");
    }

    @Test
    void renders_each_file_between_an_opening_and_a_closing_line_so_its_own_headings_cannot_end_it() {
        String text = MATERIALS.text();

        assertThat(text).startsWith("=== idea.md ===\n# GlimpseDepth")
                .contains("Depth from a few hundred sparse points.\n=== end of idea.md ===\n\n"
                        + "=== experimental_log.md ===\n# Experimental log")
                .endsWith("| 200 | 0.018 |\n=== end of experimental_log.md ===");
        assertThat(Prompt.Materials.in("Some prelude.\n\n" + text + "\n\n## Figures to include\n- fig.pdf"))
                .contains(new Prompt.Materials(MATERIALS.idea().strip(), MATERIALS.experimentalLog().strip()));
        assertThat(Prompt.Materials.in("## idea.md\nAn idea.\n\n## experimental_log.md\nA log.")).isEmpty();
        Prompt.Materials quoting = new Prompt.Materials("Our notes end with\n=== end of idea.md ===\nand go on.",
                "| a | 1 |");
        assertThat(Prompt.Materials.in(quoting.text() + "\n\nTASK")).contains(quoting);
    }

    @Test
    void two_steps_of_a_paper_begin_with_the_same_bytes_up_to_their_own_reading() {
        Prompt writing = Prompt.builder().materials(MATERIALS).outline("{\"sections\": [\"Method\"]}")
                .literature("KEYS").reading("## Figures to include\n- fig.pdf").task("Write.").build()
                .withInstructions("You write papers.");
        Prompt charting = Prompt.builder().materials(MATERIALS).reading("Tables you may draw from:\nT1")
                .task("Chart T1.").build().withInstructions("You design charts.");

        assertThat(writing.text()).startsWith(MATERIALS.text() + Prompt.SEPARATOR);
        assertThat(charting.text()).startsWith(MATERIALS.text() + Prompt.SEPARATOR);
        assertThat(writing.stablePrefix().getFirst()).isEqualTo(charting.stablePrefix().getFirst())
                .isEqualTo(MATERIALS.text());
    }

    @Test
    void cuts_the_stable_prefix_where_a_cache_entry_is_worth_most() {
        Prompt prompt = Prompt.builder().materials(MATERIALS).outline("{}").literature("KEYS").reading("FIGURES")
                .rules("RULES").document("PAPER").task("TASK").build();

        List<String> segments = prompt.stablePrefix();

        assertThat(segments).containsExactly(MATERIALS.text(),
                "=== outline.json ===\n{}\n=== end of outline.json ===\n\nKEYS", "FIGURES\n\nRULES\n\nPAPER");
        assertThat(prompt.text()).startsWith(String.join(Prompt.SEPARATOR, segments) + Prompt.SEPARATOR + "TASK");
    }

    @Test
    void puts_a_steps_instructions_ahead_of_its_rules_and_after_what_it_reads() {
        Prompt prompt = Prompt.builder().materials(MATERIALS).reading("FIGURES").rules("RULES").task("TASK").build()
                .withInstructions("INSTRUCTIONS");

        assertThat(prompt.blocks()).extracting(Prompt.Block::text).containsExactly(MATERIALS.text(), "FIGURES",
                "INSTRUCTIONS", "RULES", "TASK");
    }

    @Test
    void adds_nothing_for_a_blank_outline_and_refuses_blocks_out_of_order() {
        assertThat(Prompt.builder().materials(MATERIALS).outline(" ").task("TASK").build().blocks()).hasSize(2);
        assertThatThrownBy(() -> new Prompt(List.of(new Prompt.Block(Prompt.Part.TASK, "TASK"),
                new Prompt.Block(Prompt.Part.MATERIALS, "IDEA"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("MATERIALS after TASK");
    }
}
