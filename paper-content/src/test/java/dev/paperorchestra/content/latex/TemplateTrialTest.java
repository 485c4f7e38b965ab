package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The template's first compile decides whether this TeX can set it: real latexmk in the compile sandbox, on kits
 * written to fail the ways real ones do.
 */
class TemplateTrialTest {

    @TempDir
    Path work;

    private TemplateTrial trial() {
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofMinutes(2), work);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        return new TemplateTrial(compiler, TexInstallation.kpsewhich());
    }

    @Test
    void a_sample_template_compiles_with_its_figures_and_bibliography_stood_in_for() {
        String template = """
                \\documentclass{article}
                \\usepackage{graphicx}
                \\begin{document}
                \\section{Introduction}
                Text \\cite{knuth}.
                \\begin{figure}\\includegraphics[width=\\linewidth]{sampleteaser}\\caption{A sample.}\\end{figure}
                \\bibliographystyle{plain}
                \\bibliography{sample-base}
                \\end{document}
                """;

        TemplateTrial.Outcome outcome = trial().run("trial-sample", "template.tex", template, Map.of(), Map.of());

        assertThat(outcome.compiled()).as(outcome.toString()).isTrue();
        assertThat(outcome.missing()).isEmpty();
    }

    @Test
    void a_package_this_tex_lacks_is_named_by_the_compile() {
        String kitStyle = "\\ProvidesPackage{venue}\n\\RequirePackage{nosuchvenuepackage}\n";
        String template = "\\documentclass{article}\n\\usepackage{venue}\n\\begin{document}\nx\n\\end{document}\n";

        TemplateTrial.Outcome outcome = trial().run("trial-missing", "template.tex", template,
                Map.of("venue.sty", kitStyle.getBytes(StandardCharsets.UTF_8)), Map.of("venue.sty", kitStyle));

        assertThat(outcome.compiled()).isFalse();
        assertThat(outcome.missing()).singleElement().satisfies(missing -> {
            assertThat(missing.file()).isEqualTo("nosuchvenuepackage.sty");
            assertThat(missing.describe()).contains("not installed").contains("tlmgr search --global --file");
        });
    }

    @Test
    void a_fallback_to_bitmap_fonts_is_traced_to_the_optional_package_the_class_went_without() {
        // acmart's own fallback stops pdfTeX ("font expansion"); a plain T1 fallback compiles with Type 3 fonts: both
        // are traced to the package the class went without
        assumeTrue(TexInstallation.kpsewhich().find(java.util.List.of("sfrm1000.pfb"))
                instanceof TexInstallation.Lookup.Found found && found.files().isEmpty(),
                "cm-super is installed: T1 Computer Modern is scalable here, so nothing falls back to bitmaps");
        // as acmart does with libertine.sty: use a font package when present, else carry on with T1 Computer Modern,
        // which without cm-super is a bitmap font that microtype cannot expand
        String kitClass = """
                \\ProvidesClass{venue}
                \\LoadClass{article}
                \\IfFileExists{nosuchvenuefont.sty}{\\RequirePackage{nosuchvenuefont}}{}
                \\RequirePackage[T1]{fontenc}
                \\RequirePackage[expansion=true]{microtype}
                """;
        String template = "\\documentclass{venue}\n\\begin{document}\nSome text.\n\\end{document}\n";

        TemplateTrial.Outcome outcome = trial().run("trial-fonts", "template.tex", template,
                Map.of("venue.cls", kitClass.getBytes(StandardCharsets.UTF_8)), Map.of("venue.cls", kitClass));

        assertThat(outcome.compiled()).isTrue();
        assertThat(outcome.bitmap()).isPresent();
        assertThat(outcome.missing()).singleElement().satisfies(missing -> {
            assertThat(missing.file()).isEqualTo("nosuchvenuefont.sty");
            assertThat(missing.evidence()).contains("venue.cls line 3 loads it only if present");
        });
    }

    @Test
    void the_symptom_in_a_real_log_is_classified_as_a_missing_font() {
        // the log of acmart's sample with the libertine and inconsolata trees hidden (texlive-fonts-extra missing)
        String log = new String(readResource("acmart-without-libertine.log"), StandardCharsets.ISO_8859_1);

        assertThat(LatexLog.parse(log).errors()).extracting(LatexIssue::kind).contains(LatexIssue.Kind.MISSING_FONT);
    }

    @Test
    void debian_packages_are_known_for_fonts_and_input_files_too() {
        assertThat(DebianTexPackages.providing("LinLibertineT-tlf-t1.tfm")).contains("texlive-fonts-extra");
        assertThat(DebianTexPackages.providing("binhex.tex")).contains("texlive-plain-generic");
        assertThat(DebianTexPackages.providing("libertine.sty")).contains("texlive-fonts-extra");
        assertThat(DebianTexPackages.providing("zi4.sty")).contains("texlive-fonts-extra");
    }

    private static byte[] readResource(String name) {
        try (var in = TemplateTrialTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
