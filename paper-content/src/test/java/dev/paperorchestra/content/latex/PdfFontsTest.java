package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.sandbox.Executables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdfFontsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String LISTING = """
            name                                 type              encoding         emb sub uni object ID
            ------------------------------------ ----------------- ---------------- --- --- --- ---------
            [none]                               Type 3            Custom           yes no  no       4  0
            TJZNZW+LOGO10                        Type 1            Builtin          yes yes yes      5  0
            ABCDEF+NimbusRomNo9L-Regu            Type 1C           Custom           yes yes no       6  0
            """;

    @TempDir
    Path workDir;

    @Test
    void reads_the_name_and_type_columns_of_a_pdffonts_listing() {
        assertThat(PdfFonts.parse(LISTING)).containsExactly(new PdfFonts.Font("[none]", "Type 3"),
                new PdfFonts.Font("TJZNZW+LOGO10", "Type 1"),
                new PdfFonts.Font("ABCDEF+NimbusRomNo9L-Regu", "Type 1C"));
        assertThat(PdfFonts.parse("")).isEmpty();
    }

    @Test
    void a_type_3_font_is_a_finding_that_says_how_to_fix_it_and_type_1_fonts_give_none() {
        assertThat(PdfFonts.finding(PdfFonts.parse(LISTING))).hasValueSatisfying(finding -> {
            assertThat(finding.kind()).isEqualTo(LatexIssue.Kind.BITMAP_FONTS);
            assertThat(finding.message()).contains("1 Type 3 (bitmap) font", "install cm-super",
                    "\\usepackage{lmodern}");
        });
        assertThat(PdfFonts.finding(PdfFonts.parse(LISTING).subList(1, 3))).isEmpty();
    }

    /**
     * {@code \pdfmapline{-cmr10}} takes Computer Modern's Type 1 version away for this document, so pdfTeX sets
     * it from the bitmap (pk) that TeX Live ships: a Type 3 font on any installation, cm-super or not.
     */
    @Test
    void a_compiled_pdf_with_bitmap_fonts_carries_the_finding_in_its_outcome_and_a_normal_one_does_not() {
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, workDir);
        assumeTrue(compiler.available() && Executables.find("pdffonts").isPresent(), "latexmk or pdffonts missing");

        CompileOutcome bitmap = compiler.compile(new CompileJob("fonts-1", "\\documentclass{article}\n"
                + "\\pdfmapline{-cmr10}\n\\begin{document}\nThe first fish.\n\\end{document}\n", "", Map.of()));
        CompileOutcome normal = compiler.compile(new CompileJob("fonts-2", "\\documentclass{article}\n"
                + "\\begin{document}\nThe first fish.\n\\end{document}\n", "", Map.of()));

        assertThat(bitmap).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.bitmapFonts()).isPresent();
            assertThat(compiled.message()).startsWith("PDF 1 page; FONTS: paper.pdf has 1 Type 3 (bitmap) font")
                    .contains("install cm-super");
        });
        assertThat(normal).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.bitmapFonts()).isEmpty();
            assertThat(compiled.message()).isEqualTo("PDF 1 page");
        });
    }
}
