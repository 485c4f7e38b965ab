package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.sandbox.Executables;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class TexRequirementsTest {

    /** A TeX with the usual packages, and none of the made-up ones. */
    private static final Set<String> INSTALLED = Set.of("article.cls", "amsmath.sty", "amssymb.sty",
            "graphicx.sty", "inputenc.sty", "fontenc.sty", "hyperref.sty", "plainnat.bst", "natbib.sty",
            "times.sty");

    /** Records every look-up, so a test can see that it was one call. */
    private static final class FakeTex implements TexInstallation {
        final List<Collection<String>> calls = new ArrayList<>();

        @Override
        public Lookup find(Collection<String> files) {
            calls.add(List.copyOf(files));
            Set<String> found = new HashSet<>(files);
            found.retainAll(INSTALLED);
            return new Lookup.Found(found);
        }
    }

    private static String template(String preamble) {
        return "\\documentclass[10pt]{article}\n" + preamble + "\n\\begin{document}\n\\section{Intro}\nText.\n"
                + "\\end{document}\n";
    }

    private static List<String> missing(String template, Map<String, String> kit) {
        TexRequirements.Outcome outcome = new TexRequirements(new FakeTex()).check("template.tex", template, kit);
        assertThat(outcome).isInstanceOf(TexRequirements.Outcome.Checked.class);
        return ((TexRequirements.Outcome.Checked) outcome).missing().stream()
                .map(missing -> missing.requirement().source() + ": " + missing.requirement().file()).toList();
    }

    static Stream<Arguments> templates() {
        return Stream.of(
                Arguments.of("a missing package is named", template("\\usepackage{nonexistentpkg}"), Map.of(),
                        List.of("template.tex: nonexistentpkg.sty")),
                Arguments.of("installed packages, options and a bibliography style pass",
                        template("\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\usepackage{amsmath}\n"
                                + "\\bibliographystyle{plainnat}"), Map.of(), List.of()),
                Arguments.of("several packages in one pair of braces, each checked",
                        template("\\usepackage{amsmath, nosuchpkga ,amssymb,nosuchpkgb}"), Map.of(),
                        List.of("template.tex: nosuchpkga.sty", "template.tex: nosuchpkgb.sty")),
                Arguments.of("a commented-out package is ignored",
                        template("% \\usepackage{nosuchpkgcommented}\n"
                                + "\\usepackage{amsmath} % \\usepackage{nosuchpkgtail}"),
                        Map.of(), List.of()),
                Arguments.of("an escaped percent is no comment",
                        template("100\\% \\usepackage{nosuchpkgafterpercent}"), Map.of(),
                        List.of("template.tex: nosuchpkgafterpercent.sty")),
                Arguments.of("a missing document class", "\\documentclass{nosuchclass}\n\\begin{document}\n"
                        + "\\end{document}\n", Map.of(), List.of("template.tex: nosuchclass.cls")),
                Arguments.of("a missing bibliography style", template("\\bibliographystyle{nosuchstyle}"), Map.of(),
                        List.of("template.tex: nosuchstyle.bst")),
                Arguments.of("a kit-provided package is not missing", template("\\usepackage{venue2099}"),
                        Map.of("venue2099.sty", "\\ProvidesPackage{venue2099}\n\\RequirePackage{times}\n"), List.of()),
                Arguments.of("what a kit package requires is checked, naming the kit file",
                        template("\\usepackage[review]{venue2099}"),
                        Map.of("venue2099.sty", "\\ProvidesPackage{venue2099}\n\\RequirePackage{nosuchdep}\n"),
                        List.of("venue2099.sty: nosuchdep.sty")),
                Arguments.of("a kit class, the class it loads and its packages",
                        "\\documentclass{venueclass}\n\\usepackage{amsmath}\n\\begin{document}\n\\end{document}\n",
                        Map.of("venueclass.cls", "\\LoadClass[twocolumn]{article}\n\\RequirePackage{nosuchclassdep}"),
                        List.of("venueclass.cls: nosuchclassdep.sty")),
                Arguments.of("a kit bibliography style", template("\\bibliographystyle{venue2099}"),
                        Map.of("venue2099.bst", "ENTRY {} {} {}"), List.of()),
                Arguments.of("an input file of the kit is followed",
                        template("\\input{math_commands}\n\\input preamble.tex"),
                        Map.of("math_commands.tex", "\\usepackage{nosuchmath}", "preamble.tex",
                                "\\usepackage{nosuchpreamble}"),
                        List.of("math_commands.tex: nosuchmath.sty", "preamble.tex: nosuchpreamble.sty")),
                Arguments.of("a package loaded only if it exists is not required",
                        template("\\IfFileExists{nosuchoptional.sty}{\\usepackage{nosuchoptional}}{}"), Map.of(),
                        List.of()),
                Arguments.of("a name built by a macro is left to the compile",
                        template("\\newcommand{\\pkg}{x}\\usepackage{\\pkg}\\usepackage{#1}"), Map.of(), List.of()),
                Arguments.of("a kit file nothing loads is not read",
                        template("\\usepackage{amsmath}"), Map.of("sample.tex", "\\usepackage{nosuchsample}"),
                        List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("templates")
    void checks_every_class_package_and_style_against_the_kit_and_the_installed_tex(String name, String template,
            Map<String, String> kit, List<String> expected) {
        assertThat(missing(template, kit)).as(name).containsExactlyElementsOf(expected);
    }

    @Test
    void asks_tex_once_for_every_name_of_a_template_and_its_kit() {
        FakeTex tex = new FakeTex();

        new TexRequirements(tex).check("template.tex", template("\\usepackage{amsmath,venue}\\usepackage{hyperref}"),
                Map.of("venue.sty", "\\RequirePackage{natbib}"));

        assertThat(tex.calls).hasSize(1);
        assertThat(tex.calls.getFirst()).containsExactlyInAnyOrder("article.cls", "amsmath.sty", "hyperref.sty",
                "natbib.sty");
    }

    @Test
    void the_problem_names_the_line_the_package_and_the_debian_package_that_provides_it() {
        TexRequirements.Outcome outcome = new TexRequirements(new FakeTex()).check("template.tex",
                template("\\usepackage{amsmath}\n\\usepackage{lmodern}\n\\usepackage{nonexistentpkg}"), Map.of());

        List<String> problems = ((TexRequirements.Outcome.Checked) outcome).missing().stream()
                .map(TexRequirements.Missing::problem).toList();
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0)).startsWith("line 3: \\usepackage{lmodern} needs the LaTeX package lmodern.sty")
                .contains("install the Debian package lmodern (apt-get install lmodern)");
        assertThat(problems.get(1)).startsWith("line 4: \\usepackage{nonexistentpkg}")
                .contains("no Debian package of TeX Live is known to ship it",
                        "tlmgr search --global --file /nonexistentpkg.sty");
    }

    @Test
    void without_tex_nothing_is_called_missing_and_the_reason_is_given() {
        TexInstallation none = files -> new TexInstallation.Lookup.Unavailable("kpsewhich not found on PATH", false);

        assertThat(new TexRequirements(none).check("template.tex", template("\\usepackage{nonexistentpkg}"),
                Map.of())).isEqualTo(new TexRequirements.Outcome.NotChecked("kpsewhich not found on PATH", false));
    }

    @Test
    void the_installed_tex_is_asked_with_kpsewhich_which_exits_with_the_count_of_files_not_found() {
        assumeTrue(Executables.find("kpsewhich").isPresent(), "kpsewhich is not on PATH");

        TexRequirements.Outcome outcome = new TexRequirements(TexInstallation.kpsewhich()).check("template.tex",
                template("\\usepackage{amsmath,graphicx}\n\\usepackage{nosuchpackage4711,nosuchpackage4712}\n"
                        + "\\bibliographystyle{plain}"), Map.of());

        assertThat(outcome).isInstanceOfSatisfying(TexRequirements.Outcome.Checked.class, checked ->
                assertThat(checked.missing()).extracting(missing -> missing.requirement().file())
                        .containsExactly("nosuchpackage4711.sty", "nosuchpackage4712.sty"));
    }
}
