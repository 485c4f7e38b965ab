package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import org.junit.jupiter.api.Test;

/** The stand-in model writes its paper from the materials as the paper model reads them. */
class ScriptedPaperTest {

    private static final String PAPER = """
            \\documentclass{article}
            \\title{Title}
            \\begin{document}
            \\maketitle
            \\begin{abstract}
            Abstract here.
            \\end{abstract}
            \\section{Introduction}
            Written by the literature agent.
            \\section{Method}
            % to be written
            \\section{Experiments}
            \\section{Conclusion}
            \\bibliography{refs}
            \\end{document}
            """;

    private static final String IDEA = """
            # GlimpseDepth: Depth from Glimpses

            ## Problem

            Cheap sensors give **few** points.

            ## Core idea

            Tokens carry the points.

            Attention spreads them over $\\mathcal{L}$.

            ## Contributions

            - A token formulation.
            """;

    private static final String LOG = """
            # Log

            ## Setup

            - Datasets: NYU Depth v2.

            ## Results

            ### Depth accuracy

            | Method | RMSE ↓ |
            |---|---|
            | BTS | 0.392 |
            | **Ours** | **0.329** |

            - Ours is best.

            ### Sparsity sweep

            | Points | Ours |
            |---|---|
            | 5 | 0.262 |
            | 50 | 0.152 |

            ## Qualitative notes

            - Mirrors confuse every method.
            """;

    private static String request(String idea, String log) {
        return new Prompt.Materials(idea, log).text() + "\n\n## Figures to include\n"
                + "- figures/fig_sparsity.pdf (id fig_sparsity, aspect 4:3): RMSE against points.\n\n"
                + "## Figure plan\n- \"Sparsity sweep\" is presented by figure fig_sparsity: do not typeset it as a "
                + "table; refer to the figure\n\n## The paper so far\n" + PAPER;
    }

    @Test
    void fills_title_abstract_and_empty_sections_from_the_materials() {
        String paper = ScriptedPaper.write(request(IDEA, LOG), PAPER);
        TexDocument tex = TexDocument.parse(paper);

        assertThat(tex.title().orElseThrow().lastText()).isEqualTo("GlimpseDepth: Depth from Glimpses");
        assertThat(tex.abstractText()).contains("Cheap sensors give \\textbf{few} points.", "Tokens carry the points.");
        assertThat(body(tex, "Introduction")).isEqualTo("Written by the literature agent.");
        assertThat(body(tex, "Method")).contains("\\subsection{Overview}", "Attention spreads them over $\\mathcal{L}$.")
                .doesNotContain("Tokens carry the points.");
        assertThat(body(tex, "Experiments")).contains("NYU Depth v2", "BTS & 0.392", "\\textbf{Ours} & \\textbf{0.329}",
                "Ours is best.", "\\includegraphics[width=0.6\\linewidth]{figures/fig_sparsity.pdf}",
                "Figure~\\ref{fig:fig_sparsity} presents the results of this setting: Sparsity sweep.")
                .doesNotContain("0.262");
        assertThat(body(tex, "Conclusion")).contains("Mirrors confuse every method.",
                "This paper makes the following contributions. A token formulation.");
        assertThat(tex.environmentProblems()).isEmpty();
    }

    @Test
    void a_gfm_variant_of_the_materials_gives_the_same_paper() {
        String idea = IDEA.replace("# GlimpseDepth: Depth from Glimpses\n", "GlimpseDepth: Depth from Glimpses\n"
                + "=================================\n").replace("## Problem\n", "Problem\n-------\n")
                .replace("\n", "\r\n");
        String log = LOG.replace("| Method | RMSE ↓ |\n|---|---|\n| BTS | 0.392 |\n| **Ours** | **0.329** |",
                "**Method** | **RMSE $\\downarrow$**\n--- | ---\nBTS | 0.392\n**Ours** | **0.329**");

        String original = ScriptedPaper.write(request(IDEA, LOG), PAPER);
        String variant = ScriptedPaper.write(request(idea, log), PAPER);

        // the variant's header cells are bold; everything else is the same, ↓ and $\\downarrow$ alike
        assertThat(variant.replace("\\textbf{Method} & \\textbf{RMSE $\\downarrow$}", "Method & RMSE $\\downarrow$"))
                .isEqualTo(original);
    }

    private static String body(TexDocument tex, String title) {
        TexSection section = tex.sectionTitled(title).orElseThrow();
        return tex.text(section.body()).strip();
    }
}
