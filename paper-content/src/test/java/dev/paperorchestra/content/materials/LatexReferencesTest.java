package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatexReferencesTest {

    @Test
    void collects_keys_of_every_cite_command_once_in_order_of_first_use() {
        String tex = "see \\cite{b,a} and \\citep[p.~3]{c} and \\citet{a} \\nocite{d} \\citeauthor*{e} \\parencite{f}";

        assertThat(LatexReferences.citeKeys(tex)).containsExactly("b", "a", "c", "d", "e", "f");
    }

    @Test
    void ignores_commented_out_references_but_not_escaped_percent() {
        String tex = "50\\% better \\cite{kept}\n% \\cite{dropped}\n% \\includegraphics{figures/old.pdf}";

        assertThat(LatexReferences.citeKeys(tex)).containsExactly("kept");
        assertThat(LatexReferences.includedGraphics(tex)).isEmpty();
    }

    @Test
    void lists_included_graphics_with_their_exact_file_names() {
        String tex = "\\includegraphics[width=\\linewidth]{figures/fig_a.pdf}\\includegraphics{figures/b.png}";

        assertThat(LatexReferences.includedGraphics(tex)).containsExactly("figures/fig_a.pdf", "figures/b.png");
    }

    @Test
    void reads_bibtex_entry_keys_but_not_string_definitions() {
        String bib = "@string{cvpr = {CVPR}}\n@inproceedings{he2016deep,\n title={x}}\n@Article{ vaswani2017attention ,";

        assertThat(LatexReferences.bibKeys(bib)).containsExactly("he2016deep", "vaswani2017attention");
    }
}
