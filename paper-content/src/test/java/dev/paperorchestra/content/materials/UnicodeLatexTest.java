package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.tex.UnicodeLatex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.model.tex.UnicodeLatex.Engine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnicodeLatexTest {

    /** The characters that kept external materials from compiling, a stray combining mark among them. */
    private static final String HOSTILE = "phase \u03d5, \u039fmicron, ear\u1db4, \u0301stray, na\u00efve caf\u00e9";

    @TempDir
    Path workDir;

    @Test
    void the_characters_that_broke_pdflatex_have_forms_it_can_set() {
        assertThat(UnicodeLatex.form(0x03D5)).isEqualTo("\\ensuremath{\\phi}");
        assertThat(UnicodeLatex.form(0x039F)).isEqualTo("O");
        assertThat(UnicodeLatex.form(0x1DB4)).isEqualTo("[U+1DB4]");
        assertThat(UnicodeLatex.ascii("\u0301x")).as("a mark with nothing under it").isEqualTo("x");
    }

    @Test
    void accented_latin_letters_become_accent_commands_over_their_base_letter() {
        assertThat(UnicodeLatex.ascii("caf\u00e9")).isEqualTo("caf{\\'{e}}");
        assertThat(UnicodeLatex.ascii("na\u00efve")).isEqualTo("na{\\\"{\\i}}ve");
        assertThat(UnicodeLatex.ascii("q\u0301")).as("no precomposed form").isEqualTo("{\\'{q}}");
        assertThat(UnicodeLatex.ascii("\u0161")).isEqualTo("{\\v {s}}");
        assertThat(UnicodeLatex.ascii("Stra\u00dfe")).isEqualTo("Stra{\\ss}e");
    }

    @Test
    void greek_and_math_symbols_are_set_in_math_from_text_or_math_mode() {
        assertThat(UnicodeLatex.ascii("\u03c6\u03b1\u0394")).isEqualTo(
                "\\ensuremath{\\varphi}\\ensuremath{\\alpha}\\ensuremath{\\Delta}");
        assertThat(UnicodeLatex.ascii("\u0391\u039d")).as("capitals without a command of their own").isEqualTo("AN");
        assertThat(UnicodeLatex.ascii("\u03ac")).as("tonos left out").isEqualTo("\\ensuremath{\\alpha}");
        assertThat(UnicodeLatex.ascii("x \u2264 y \u2208 \u211d")).isEqualTo(
                "x \\ensuremath{\\leq} y \\ensuremath{\\in} \\ensuremath{\\mathbf{R}}");
    }

    @Test
    void styled_and_positional_forms_are_the_letters_they_are_styled_from() {
        assertThat(UnicodeLatex.ascii("\ud835\udc31")).as("mathematical bold x").isEqualTo("x");
        assertThat(UnicodeLatex.ascii("\uff21\ufb01")).as("fullwidth A, fi ligature").isEqualTo("Afi");
        assertThat(UnicodeLatex.ascii("m\u00b2 H\u2082O x\u2074")).isEqualTo(
                "m\\ensuremath{^2} H\\textsubscript{2}O x\\textsuperscript{4}");
        assertThat(UnicodeLatex.ascii("\u1d43")).as("modifier letter small a").isEqualTo("\\textsuperscript{a}");
    }

    @Test
    void dashes_quotes_and_spaces_become_their_ascii_ligatures_and_invisible_characters_go() {
        assertThat(UnicodeLatex.ascii("\u201cA\u201d \u2013 \u2018b\u2019\u2014c\u00a0d\u2009e\u200bf\ufeff"))
                .isEqualTo("``A'' -- `b'---c~d\\,ef");
    }

    @Test
    void what_has_no_form_is_named_by_its_code_point_and_symbols_without_one_are_dropped() {
        assertThat(UnicodeLatex.ascii("\u4e2d\u6587")).isEqualTo("[U+4E2D][U+6587]");
        assertThat(UnicodeLatex.ascii("ok \ud83d\ude00")).isEqualTo("ok ");
    }

    @Test
    void ascii_is_never_touched() {
        String ascii = IntStream.range(32, 127).mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining());
        assertThat(UnicodeLatex.ascii(ascii)).isSameAs(ascii);
    }

    @Test
    void the_engine_is_the_one_the_template_asks_for() {
        assertThat(Engine.of("\\documentclass{article}")).isEqualTo(Engine.PDFLATEX);
        assertThat(Engine.of("\\documentclass{article}\n\\usepackage{fontspec}")).isEqualTo(Engine.XELATEX);
        assertThat(Engine.of("% !TEX program = lualatex\n\\documentclass{article}")).isEqualTo(Engine.LUALATEX);
        assertThat(Engine.of("% !TeX TS-program = pdflatex\n\\usepackage{fontspec}")).isEqualTo(Engine.PDFLATEX);
        String unicode = "\\usepackage{fontspec}\n\u03d5";
        assertThat(UnicodeLatex.typesettable(unicode)).as("XeLaTeX reads Unicode itself").isSameAs(unicode);
    }

    @Test
    void every_mapped_character_and_the_hostile_ones_compile_with_pdflatex_in_text_and_in_math() {
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofSeconds(120), workDir);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        String every = IntStream.rangeClosed(0x00A0, 0x24FF).filter(Character::isDefined)
                .filter(cp -> !Character.isISOControl(cp)).mapToObj(Character::toString)
                .collect(Collectors.joining(" "));
        String body = UnicodeLatex.ascii(HOSTILE) + "\n\n" + LatexText.text(HOSTILE) + "\n\n"
                + "$x = " + UnicodeLatex.ascii("\u03b1 \u2264 \u03d5 \u00b1 \u2202") + "$\n\n"
                + UnicodeLatex.ascii(every) + "\n";

        CompileOutcome outcome = compiler.compile(new CompileJob("unicode", "\\documentclass{article}\n"
                + "\\begin{document}\n" + body + "\\end{document}\n", "", Map.of()));

        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
    }

    @Test
    void a_lualatex_template_compiles_the_characters_as_they_are() {
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofSeconds(180), workDir);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        assumeTrue(Path.of("/usr/bin/lualatex").toFile().canExecute(), "lualatex is not installed");
        String tex = "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n"
                + "na\u00efve caf\u00e9 \u2013 \u201cquoted\u201d\n\\end{document}\n";

        CompileOutcome outcome = compiler.compile(new CompileJob("lua", UnicodeLatex.typesettable(tex), "", Map.of()));

        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
    }
}
