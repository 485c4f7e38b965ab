package dev.paperorchestra.model.tex;

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

    // hostile (issue 40): file-reading specials and names built at run time, refused in every mode

    @ParameterizedTest
    @ValueSource(strings = {
            // xdvipdfmx reads these files whatever openin_any says
            "\\special{pdf:fstream @x (/proc/1/environ)}\\special{pdf:put @resources <</L @x>>}",
            "\\special {pdf:fstream @x (/etc/passwd)}",
            "\\special{pdf:image (/tmp/host.pdf)}",
            "\\special{pdf:epdf (/tmp/host.pdf)}",
            "\\special{psfile=/etc/passwd}",
            "\\special{PSfile=/etc/passwd}",
            "\\special{header=/etc/passwd}",
            "\\special{ps: (/etc/passwd) run}",
            "\\special{dvipdfmx:config D \"cat /etc/passwd\"}",
            "\\special{pdf:mapline + x x <</etc/passwd}",
            "\\special\\expandafter{\\x}",
            "\\let\\sp\\special \\sp{pdf:fstream @x (/etc/passwd)}",
            "\\XeTeXpdffile \"/tmp/host.pdf\" ",
            "\\XeTeXpicfile \"/tmp/host.png\" ",
            "\\pdfmapline{+leak Leak <./x}",
            "\\pdfmapline{+leak Leak </etc/passwd}",
            "\\pdfmapfile{+x.map}",
            "\\pdfextension obj file {/etc/passwd}",
            "\\immediate\\pdfobj stream \\kw\\kx {/etc/passwd}",
            "\\pdfximage{figures/x.pdf}",
            // \csname and its kin, however the name is put together
            "\\csname pd\\empty fobj\\endcsname stream file {/etc/passwd}",
            "\\expandafter\\csname\\x\\endcsname",
            "\\csname p{}dfobj\\endcsname",
            "\\csname PDFOBJ\\endcsname",
            "\\lowercase{\\csname PDFOBJ\\endcsname} stream file {/etc/passwd}",
            "\\uppercase{\\csname xetexpdffile\\endcsname}",
            "\\csname pd\\string f\\endcsname",
            "\\csname pd\u00e9obj\\endcsname",
            "\\csname ~\\endcsname",
            "\\ifcsname pdfobj\\endcsname\\fi",
            "\\let\\cs\\csname",
            "\\@nameuse{pd\\empty fobj}",
            "\\@nameuse{pdfobj}",
            "\\UseName{pd\\empty fobj} stream file {/etc/passwd}",
            "\\ExpandArgs{c}\\x{pdfobj}",
            "\\csuse{pdfobj}",
            "\\letcs\\grab{pdfobj}",
            "\\expandafter\\letcs\\expandafter\\grab\\expandafter{\\p}",
            "\\begin{pdfobj} stream file {/etc/passwd}",
            "\\begin{\\env}",
            "\\begin{Input}{x}",
            "\\ifcsname pd\\empty fobj\\endcsname\\lastnamedcs\\fi",
            "\\ExplSyntaxOn \\use:c{pd fobj} stream~file~{/etc/passwd}",
            "\\ExplSyntaxOn \\tex_pdfobj:D stream~file~{/etc/passwd}",
            "\\ExplSyntaxOn \\cs:w pdfobj \\cs_end:",
            "\\ExplSyntaxOn \\exp_args:Nc \\use:n {pdfobj}",
            // catcodes that make ^^ by another name or a new escape character
            "\\catcode`\\!=7 \\pd!!66obj stream file {/etc/passwd}",
            "\\catcode 33=0",
            "\\catcode`\\!=\\count255",
            // paths around the path rules
            "\\graphicspath{{/tmp/}}",
            "\\graphicspath{{figures/}{../outside/}}",
            "\\font\\leak=\"[/etc/passwd]\" at 10pt",
            "\\setmainfont[Path=/etc/]{passwd}",
            "\\def\\input@path{{/tmp/}}"})
    void refuses_file_reading_specials_and_names_built_at_run_time_in_every_mode(String tex) {
        List<TexPrimitives.Finding> findings = TexPrimitives.scan("\\documentclass{article}\n" + tex + "\n");

        assertThat(findings).as(tex).isNotEmpty();
        assertThat(findings.getFirst().line()).isEqualTo(2);
        assertThat(TexPrimitives.scanWithoutSandbox("\\documentclass{article}\n" + tex + "\n")).isNotEmpty();
    }

    /** Each turns text back into commands (or writes what TeX reads back), so it can spell any name. */
    @ParameterizedTest
    @ValueSource(strings = {
            "\\edef\\a{\\string\\pd fobj}\\immediate\\scantokens\\expandafter{\\a\\space stream file {x}}",
            "\\edef\\a{\\detokenize{\\pd}fobj}",
            "\\edef\\a{\\meaning\\relax}",
            "\\edef\\a{\\pdfunescapehex{5c706466}obj}",
            "\\makeatletter\\edef\\a{\\@backslashchar pdfobj}\\makeatother",
            "\\begingroup\\makeatletter\\@makeother\\\\\\grab",
            "\\newwrite\\w\\immediate\\openout\\w=x.tex",
            "\\immediate\\write\\@auxout{x}",
            "\\makeatletter\\protected@write\\@auxout{}{x}",
            "\\catcode`\\_=11",
            "\\lccode`\\X=`\\f \\lowercase{\\def\\x{X}}",
            "\\ExplSyntaxOn \\ExplSyntaxOff",
            "\\NewDocumentCommand\\grab{v}{\\def\\got{#1}}",
            "\\verbdef\\x|\\pd|",
            "\\edef\\x{\\Uchar92 pdfobj}",
            "\\everyeof{\\noexpand}"})
    void refuses_every_way_to_build_a_name_when_no_sandbox_holds_it(String tex) {
        String source = "\\documentclass{article}\n" + tex + "\n";

        assertThat(TexPrimitives.scanWithoutSandbox(source)).as(tex).isNotEmpty()
                .first().extracting(TexPrimitives.Finding::line).isEqualTo(2);
    }

    @Test
    void accepts_a_paper_size_special_plain_names_and_printed_command_names() {
        String template = """
                \\documentclass{article}
                \\special{papersize=8.5in,11in}
                \\special{papersize=\\the\\paperwidth,\\the\\paperheight}
                \\special{pdf: pagesize width 210mm height 297mm}
                \\catcode`\\@=11
                \\expandafter\\ifx\\csname url\\endcsname\\relax \\def\\url#1{#1}\\fi
                \\@namedef{ver@foo.sty}{}
                \\pdfmapline{-cmr10}
                \\begin{document}\\begin{figure*}x\\end{figure*}
                The commands {\\tt\\string\\received} and {\\tt\\string\\begin\\{figure*\\}}.
                \\end{document}
                """;

        assertThat(TexPrimitives.scan(template)).isEmpty();
        // without the sandbox \string is one of the ways to build names, and refused
        assertThat(TexPrimitives.scanWithoutSandbox(template)).extracting(TexPrimitives.Finding::line)
                .containsOnly(10);
    }

    @Test
    void names_every_line_of_every_finding() {
        String tex = "a\n\\input{/x}\nb\n\\pdffiledump{y}\n";

        String message = TexPrimitives.describe(TexPrimitives.scan(tex));

        assertThat(message).contains("line 2: \\input{/x", "line 4: \\pdffiledump", "refused before compiling");
    }

    @org.junit.jupiter.api.Test
    void what_verbatim_only_prints_is_not_code_but_a_redefined_verbatim_is() {
        // journals' samples show their own commands: jmlr's \verb|\includegraphics|, Quantum's biblatex in verbatim
        String sample = "Write \\verb|\\includegraphics{/etc/passwd}| and\n\\begin{verbatim}\n"
                + "\\input{/etc/passwd}\n\\end{verbatim}\n";
        org.assertj.core.api.Assertions.assertThat(TexPrimitives.scan(sample)).isEmpty();

        for (String redefinition : java.util.List.of("\\let\\verb\\input\n", "\\renewenvironment{verbatim}{}{}\n",
                "\\def\\lstinline{\\input}\n", "\\includecomment{comment}\n")) {
            String hostile = redefinition + "\\verb|\\input{/etc/passwd}|\n\\begin{verbatim}\n\\input{/etc/shadow}\n"
                    + "\\end{verbatim}\n\\begin{comment}\n\\input{/etc/hosts}\n\\end{comment}\n";
            org.assertj.core.api.Assertions.assertThat(TexPrimitives.scan(hostile)).as(redefinition).isNotEmpty();
        }
    }
}
