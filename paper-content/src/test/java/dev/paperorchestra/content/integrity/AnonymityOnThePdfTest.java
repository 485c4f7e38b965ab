package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.PdfPages;
import dev.paperorchestra.model.finding.Finding;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The anonymity check judges what the PDF shows, on acmart papers compiled by TeX: with {@code anonymous} the
 * class keeps the author block, e-mail, affiliation and acknowledgements out of the PDF and STRUCTURE passes;
 * without it the PDF shows them and STRUCTURE names each.
 */
class AnonymityOnThePdfTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String PAPER = """
            \\documentclass[sigconf,review%s]{acmart}
            \\begin{document}
            \\title{Confidence-Guided Propagation of Sparse Depth}
            \\author{Ben Trovato}
            \\email{trovato@corporation.com}
            \\affiliation{\\institution{Institute for Clarity in Documentation}\\city{Dublin}\\country{USA}}
            \\begin{abstract}
            Depth sensors measure few pixels; we spread their readings over the image.
            \\end{abstract}
            \\maketitle
            \\section{Introduction}
            Sparse depth sensors return measurements at few pixels of the image.
            \\begin{acks}
            We thank the Seattle Mariners for lending us their spring training ground.
            \\end{acks}
            \\end{document}
            """;

    @TempDir
    Path work;

    private String pdfText(String tex) {
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, work);
        assumeTrue(compiler.available(), "latexmk is missing");
        CompileOutcome outcome = compiler.compile(new CompileJob("anonymity", tex, "", Map.of()));
        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
        return PdfPages.text(((CompileOutcome.Compiled) outcome).pdf()).orElseThrow();
    }

    @Test
    void an_anonymous_acmart_paper_passes_and_one_showing_its_authors_fails_on_each_of_them() {
        String anonymous = PAPER.formatted(",anonymous");
        String shown = pdfText(anonymous);
        assertThat(shown).doesNotContain("Trovato");

        assertThat(StructureGate.check(anonymous, List.of(), shown).messages()).isEmpty();

        String named = PAPER.formatted("");
        assertThat(StructureGate.check(named, List.of(), pdfText(named)).findings()).extracting(Finding::rule)
                .containsExactly("anonymity.author", "anonymity.email", "anonymity.affiliation",
                        "anonymity.acknowledgements");
    }
}
