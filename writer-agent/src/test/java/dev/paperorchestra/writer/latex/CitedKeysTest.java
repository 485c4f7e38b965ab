package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CitedKeysTest {

    @Test
    void distinct_keys_of_every_cite_command_are_counted() {
        String tex = "See \\cite{a, b}, \\citep[p.~3]{c} and \\citet{a}; \\citeauthor*{d}. % \\cite{commented}\n"
                + "\\nocite{*}";

        assertThat(CitedKeys.of(tex)).containsExactly("a", "b", "c", "d");
    }
}
