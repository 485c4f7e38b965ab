package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.markdown.MdSection;
import org.junit.jupiter.api.Test;

class IdeaDigestTest {

    @Test
    void splits_one_problem_paragraph_into_hook_and_gap() {
        IdeaDigest idea = IdeaDigest.parse("""
                # Tokens: Depth from Glimpses

                ## Problem

                Sensors are cheap. They give few points. Methods need many points. The sparse regime is open.
                """);

        assertThat(idea.hook()).isEqualTo("Sensors are cheap. They give few points.");
        assertThat(idea.gap()).isEqualTo("Methods need many points. The sparse regime is open.");
        assertThat(idea.methodName()).isEqualTo("Tokens");
        assertThat(idea.subject()).isEqualTo("Depth from Glimpses");
    }

    @Test
    void a_core_question_is_the_motivation_not_the_method_text_below_it() {
        IdeaDigest idea = IdeaDigest.parse("""
                ## Core question

                Heavy tails spread infections. Models use the mean degree. We ask whether the second moment helps.

                ## Method in brief

                We estimate both moments from sensor data.
                """);

        assertThat(idea.hook()).isEqualTo("Heavy tails spread infections. Models use the mean degree.");
        assertThat(idea.gap()).isEqualTo("We ask whether the second moment helps.");
    }

    @Test
    void takes_the_gap_from_a_heading_that_names_it() {
        IdeaDigest idea = IdeaDigest.parse("""
                ## Motivation

                Depth matters for robots.

                ## Limitations of prior work

                Completion needs dense input.
                """);

        assertThat(idea.hook()).isEqualTo("Depth matters for robots.");
        assertThat(idea.gap()).isEqualTo("Completion needs dense input.");
    }

    @Test
    void takes_method_parts_from_the_children_of_the_method_heading() {
        IdeaDigest idea = IdeaDigest.parse("""
                ## Problem

                Hard.

                ## Method

                ### Glimpse tokens

                Tokens.

                ### Scale field

                Field.
                """);

        assertThat(idea.methodParts()).extracting(MdSection::title).containsExactly("Glimpse tokens", "Scale field");
        assertThat(idea.topicHeadings()).containsExactly("Glimpse tokens", "Scale field");
    }

    @Test
    void plans_no_method_parts_rather_than_a_lone_one() {
        IdeaDigest idea = IdeaDigest.parse("## Problem\n\nHard.\n\n## Core idea\n\nTokens.\n\n## Scope\n\nSmall.\n");

        assertThat(idea.methodParts()).isEmpty();
    }

    @Test
    void generic_headings_are_not_search_topics() {
        assertThat(IdeaDigest.isGeneric("Why it should work")).isTrue();
        assertThat(IdeaDigest.isGeneric("Core idea")).isTrue();
        assertThat(IdeaDigest.isGeneric("Confidence-weighted scale field")).isFalse();
    }
}
