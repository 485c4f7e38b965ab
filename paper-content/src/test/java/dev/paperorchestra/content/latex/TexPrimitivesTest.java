package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TexPrimitivesTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "\\immediate\\pdfobj stream file {/etc/passwd}",
            "\\pdfobj  file{secret.txt}",
            "\\pdffiledump offset 0 length 100 {/etc/passwd}",
            "\\pdffilesize{/etc/shadow}",
            "\\newread\\r \\openin\\r=/etc/hostname",
            "\\immediate\\write18{rm -rf ~}",
            "\\write 18{id}",
            "\\input{/etc/passwd}",
            "\\input /etc/passwd",
            "\\include{../../secret}",
            "\\input{~/notes}",
            "\\input|\"cat /etc/passwd\"",
            "\\includegraphics[width=2in]{/root/key.png}",
            "\\pdfximage{../outside.pdf}",
            "\\immediate\\openout\\w=/tmp/escaped.txt",
            "^^5cinput{x}",
            "\\catcode`\\|=0",
            "\\csname pdfobj\\endcsname stream file {x}",
            "\\immediate\\pdfobj stream FILE {/proc/1/environ}",
            "\\pdfmdfivesum File {x}",
            "\\immediate\\pdfobj stream ^^&ile {/proc/1/environ}",
            "\\csname\\empty pdfobj\\endcsname stream file {/proc/1/environ}"})
    void refuses_file_reading_and_command_running_tex(String tex) {
        List<TexPrimitives.Finding> findings = TexPrimitives.scan("\\documentclass{article}\n" + tex + "\n");

        assertThat(findings).isNotEmpty();
        assertThat(findings.getFirst().line()).isEqualTo(2);
    }

    @Test
    void accepts_what_venue_templates_do_and_ignores_comments() {
        String template = """
                \\documentclass[10pt,twocolumn]{article}
                \\usepackage{graphicx}
                \\input{macros}
                \\makeatletter \\def\\@x{y} \\makeatother
                % \\input{/etc/passwd} in a comment is not TeX
                100\\% of \\input{sections/intro.tex}
                \\includegraphics{figures/plot.pdf}
                \\newwrite\\w \\immediate\\openout\\w=notes.txt
                \\begin{document}\\section{Intro}\\end{document}
                """;

        assertThat(TexPrimitives.scan(template)).isEmpty();
    }

    @Test
    void names_every_line_of_every_finding() {
        String tex = "a\n\\input{/x}\nb\n\\pdffiledump{y}\n";

        String message = TexPrimitives.describe(TexPrimitives.scan(tex));

        assertThat(message).contains("line 2: \\input{/x", "line 4: \\pdffiledump", "refused before compiling");
    }
}
