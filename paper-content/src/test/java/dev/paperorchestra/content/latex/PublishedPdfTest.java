package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.figures.PdfObjects;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a template can put into the paper's own PDF, compiled by the real TeX inside bubblewrap (issue 40): the
 * published paper.pdf kept a template's /OpenAction JavaScript and a /Launch of /bin/sh, and a one-page PDF of 230 MB
 * (3,500 uncompressed {@code \pdfobj} streams from a kit) was accepted as a paper. Every compiled PDF now comes out
 * of the compiler rewritten, its links kept, and a PDF over the bound is a failed compile naming it.
 */
class PublishedPdfTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path workDir;
    private Sandbox sandbox;

    @BeforeEach
    void sandbox() {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.BWRAP));
        assumeTrue(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
    }

    @Test
    void a_templates_scripts_and_launch_actions_never_reach_the_pdf_and_its_links_do() throws IOException {
        String tex = """
                \\documentclass{article}
                \\usepackage{hyperref}
                \\pdfcatalog{/OpenAction << /S /JavaScript /JS (app.alert('opened')) >>}
                \\pdfnames{/JavaScript << /Names [(init) << /S /JavaScript /JS (app.alert('init')) >>] >>}
                \\begin{document}
                \\section{Introduction}\\label{sec:intro}
                See \\href{https://example.org/data}{the data} and Section~\\ref{sec:intro}.
                \\pdfannot width 2cm height 1cm depth 0pt {/Subtype /Link /A << /S /Launch /F (/bin/sh) >>}
                \\href{run:/bin/sh}{Run me}.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, sandbox)
                .compile(new CompileJob("active", tex, "", Map.of()));

        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
        // hyperref's own /OpenAction (a destination) comes first in the catalog and is what PDFBox reads; the
        // template's second one is not carried into the rewritten file either
        assertThat(outcome.message()).contains("ACTIVE CONTENT", "/Launch", "/JavaScript");
        try (PDDocument document = Loader.loadPDF(((CompileOutcome.Compiled) outcome).pdf())) {
            List<COSDictionary> objects = PdfObjects.everyDictionary(document);
            assertThat(objects).noneMatch(dictionary -> dictionary.containsKey(COSName.JS)
                    || dictionary.containsKey(COSName.getPDFName("JavaScript")));
            assertThat(objects).extracting(dictionary -> dictionary.getDictionaryObject(COSName.S))
                    .filteredOn(COSName.class::isInstance).extracting(s -> ((COSName) s).getName())
                    .doesNotContain("JavaScript", "Launch").contains("GoTo", "URI");
            assertThat(objects).extracting(dictionary -> dictionary.getDictionaryObject(COSName.URI))
                    .filteredOn(COSString.class::isInstance).extracting(uri -> ((COSString) uri).getString())
                    .contains("https://example.org/data");
        }
    }

    @Test
    void an_open_action_script_is_removed_and_named_in_the_outcome() throws IOException {
        String tex = """
                \\documentclass{article}
                \\pdfcatalog{/OpenAction << /S /JavaScript /JS (app.alert('opened')) >>}
                \\begin{document}
                Hello.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, sandbox)
                .compile(new CompileJob("open-action", tex, "", Map.of()));

        assertThat(outcome.message()).contains("ACTIVE CONTENT: paper.pdf carried active content, removed before it "
                + "was published: the document's /OpenAction a /JavaScript action");
        try (PDDocument document = Loader.loadPDF(((CompileOutcome.Compiled) outcome).pdf())) {
            assertThat(document.getDocumentCatalog().getCOSObject().containsKey(COSName.getPDFName("OpenAction")))
                    .isFalse();
        }
    }

    @Test
    void a_pdf_over_the_bound_is_a_failed_compile_naming_it_and_is_not_read() {
        // the PDF: a kit writes 3,500 uncompressed streams of 64 KB onto one page (about 230 MB)
        String sty = """
                \\NeedsTeXFormat{LaTeX2e}\\ProvidesPackage{bulk}
                \\pdfcompresslevel=0 \\pdfobjcompresslevel=0
                \\newcount\\bulkn
                \\def\\bulk{xxxxxxxxxxxxxxxx}
                \\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}\\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}
                \\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}\\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}
                \\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}\\edef\\bulk{\\bulk\\bulk\\bulk\\bulk}
                \\AtBeginDocument{\\loop\\ifnum\\bulkn<3500 \\immediate\\pdfobj stream {\\bulk}\\pdfrefobj\\pdflastobj
                  \\advance\\bulkn by 1 \\repeat}
                """;
        String tex = "\\documentclass{article}\n\\usepackage{bulk}\n\\begin{document}\nHello.\n\\end{document}\n";

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, sandbox)
                .compile(new CompileJob("bulky", tex, "", Map.of(), Map.of("bulk.sty",
                        sty.getBytes(StandardCharsets.UTF_8))));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(outcome.message()).matches("paper\\.pdf is 2[0-9]{2} MB, over the bound of 64MB a compiled PDF "
                + "may have \\(po\\.sandbox\\.max-pdf-size\\); it is not published.*");
    }
}
