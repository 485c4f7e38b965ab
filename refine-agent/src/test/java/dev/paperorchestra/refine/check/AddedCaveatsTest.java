package dev.paperorchestra.refine.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AddedCaveatsTest {

    private static final String PREVIOUS = """
            \\documentclass{article}
            \\begin{document}
            \\section{Method}
            We fit a sparse depth prior. It runs at 30 frames per second.
            \\section{Conclusion}
            Extending the prior to video is left for future work.
            \\end{document}
            """;

    private static String revised(String added) {
        return PREVIOUS.replace("It runs at 30 frames per second.", "It runs at 30 frames per second. " + added);
    }

    @Test
    void flags_an_added_limitation_statement() {
        assertThat(AddedCaveats.find(PREVIOUS, revised("A limitation of our approach is its memory use.")))
                .containsExactly(new AddedCaveats.Statement(AddedCaveats.LIMITATION,
                        "A limitation of our approach is its memory use."));
    }

    @Test
    void flags_a_method_that_admits_what_it_cannot_do() {
        assertThat(AddedCaveats.find(PREVIOUS, revised("Our method cannot handle transparent surfaces.")))
                .extracting(AddedCaveats.Statement::kind).containsExactly(AddedCaveats.LIMITATION);
    }

    @Test
    void flags_a_promised_experiment() {
        assertThat(AddedCaveats.find(PREVIOUS, revised("We will evaluate the method on outdoor scenes.")))
                .containsExactly(new AddedCaveats.Statement(AddedCaveats.FUTURE,
                        "We will evaluate the method on outdoor scenes."));
        assertThat(AddedCaveats.find(PREVIOUS, revised("In the future, larger datasets could be studied.")))
                .extracting(AddedCaveats.Statement::kind).containsExactly(AddedCaveats.FUTURE);
    }

    @Test
    void flags_a_new_limitations_section_heading() {
        String withSection = PREVIOUS.replace("\\section{Conclusion}", "\\section{Limitations}\nNone known.\n"
                + "\\section{Conclusion}");

        assertThat(AddedCaveats.find(PREVIOUS, withSection)).extracting(AddedCaveats.Statement::sentence)
                .containsExactly("Limitations");
    }

    @Test
    void keeps_quiet_about_statements_the_previous_version_already_had() {
        String rewrapped = PREVIOUS.replace("Extending the prior to video is left for future work.",
                "Extending the prior to video\n   is left for future work.");

        assertThat(AddedCaveats.find(PREVIOUS, rewrapped)).isEmpty();
    }

    @Test
    void keeps_quiet_about_added_sentences_without_caveats() {
        assertThat(AddedCaveats.find(PREVIOUS, revised("The prior is fitted once per scene."))).isEmpty();
    }

    @Test
    void ignores_caveats_in_comments() {
        assertThat(AddedCaveats.find(PREVIOUS, revised("% TODO: a limitation paragraph?"))).isEmpty();
    }
}
