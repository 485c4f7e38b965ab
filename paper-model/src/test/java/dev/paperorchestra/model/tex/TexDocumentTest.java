package dev.paperorchestra.model.tex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TexDocumentTest {

    private static final String PAPER = """
            \\documentclass[sigconf,review]{acmart}
            \\usepackage[utf8]{inputenc}
            \\usepackage{amsmath, booktabs} % tables
            \\newcommand{\\todo}[1]{\\begin{itemize}\\item #1}
            \\begin{document}
            \\title[Short]{Depth from \\emph{Sparse} Points}
            \\begin{abstract}
            We densify sparse depth. % not this
            \\end{abstract}
            \\maketitle
            \\section{Introduction}\\label{sec:intro}
            Depth matters~\\cite{a,b}. See \\verb|\\section{Fake}|.
            \\begin{verbatim}
            \\section{Also fake}
            \\end{verbatim}
            \\section{Related Work}
            Prior work \\citep[p.~3]{c}.
            \\subsection{Completion}
            Text.
            \\section*{Method}
            \\begin{figure}[t]
            \\includegraphics[width=\\linewidth]{fig_overview.pdf}
            \\caption{The overview.}\\label{fig:overview}
            \\end{figure}
            \\section{Experiments}
            Results.
            \\section{Conclusion}
            Done.
            \\section*{Acknowledgments}
            Thanks.
            \\bibliographystyle{ACM-Reference-Format}
            \\bibliography{refs}
            \\appendix
            \\section{Proofs}
            Proof.
            \\end{document}
            """;

    @Test
    void reads_the_frame_class_options_and_packages() {
        TexDocument document = TexDocument.parse(PAPER);

        assertThat(document.documentClass()).hasValueSatisfying(documentClass -> {
            assertThat(documentClass.name()).isEqualTo("acmart");
            assertThat(documentClass.options()).containsExactly("sigconf", "review");
        });
        assertThat(document.packages()).extracting(PackageUse::name).containsExactly("inputenc", "amsmath", "booktabs");
        assertThat(document.text(document.preamble())).startsWith("\\documentclass").endsWith("#1}\n");
        assertThat(document.isComplete()).isTrue();
    }

    @Test
    void sections_have_roles_parts_and_bodies_that_stop_at_the_back_matter() {
        TexDocument document = TexDocument.parse(PAPER);

        assertThat(document.sections()).extracting(TexSection::title).containsExactly("Introduction", "Related Work",
                "Completion", "Method", "Experiments", "Conclusion", "Acknowledgments", "Proofs");
        assertThat(document.topSections()).extracting(TexSection::role).containsExactly(SectionRole.INTRODUCTION,
                SectionRole.RELATED_WORK, SectionRole.METHOD, SectionRole.EXPERIMENTS, SectionRole.CONCLUSION,
                SectionRole.ACKNOWLEDGEMENTS, SectionRole.OTHER);
        assertThat(document.sections().getLast().part()).isEqualTo(PaperPart.APPENDIX);
        assertThat(document.text(document.section(SectionRole.RELATED_WORK).orElseThrow().body()))
                .contains("Prior work").contains("\\subsection{Completion}").doesNotContain("Method");
        assertThat(document.text(document.section(SectionRole.ACKNOWLEDGEMENTS).orElseThrow().body()).strip())
                .isEqualTo("Thanks.");
        assertThat(document.section(SectionRole.METHOD)).hasValueSatisfying(method -> assertThat(method.starred()).isTrue());
    }

    @Test
    void nothing_in_verbatim_or_comments_is_structure() {
        TexDocument document = TexDocument.parse(PAPER);

        assertThat(document.sections()).extracting(TexSection::title).doesNotContain("Fake", "Also fake");
        assertThat(document.abstractText()).contains("We densify sparse depth.");
        assertThat(document.plainText(document.abstractContent().orElseThrow())).isEqualTo("We densify sparse depth.");
    }

    @Test
    void a_macro_body_opens_no_environment() {
        TexDocument document = TexDocument.parse(PAPER);

        assertThat(document.environmentProblems()).isEmpty();
        assertThat(document.environments()).extracting(TexEnvironment::name)
                .containsExactly("document", "abstract", "verbatim", "figure");
    }

    @Test
    void floats_bibliography_title_and_citations() {
        TexDocument document = TexDocument.parse(PAPER);

        assertThat(document.floats()).singleElement().satisfies(figure -> {
            assertThat(figure.captions()).extracting(TexCommand::lastText).containsExactly("The overview.");
            assertThat(figure.labels()).extracting(TexCommand::lastText).containsExactly("fig:overview");
            assertThat(figure.graphics()).extracting(TexCommand::lastText).containsExactly("fig_overview.pdf");
        });
        assertThat(document.bibliography().files()).containsExactly("refs");
        assertThat(document.bibliography().style()).contains("ACM-Reference-Format");
        assertThat(document.title()).hasValueSatisfying(title -> {
            assertThat(title.lastText()).isEqualTo("Depth from \\emph{Sparse} Points");
            assertThat(TexDocument.plainText(title.lastText())).isEqualTo("Depth from Sparse Points");
        });
        assertThat(document.citedKeys()).containsExactly("a", "b", "c");
    }

    @Test
    void the_main_text_ends_where_an_uncounted_part_begins() {
        TexDocument document = TexDocument.parse(PAPER);

        int end = document.mainTextEnd(Set.of(PaperPart.REFERENCES, PaperPart.ACKNOWLEDGEMENTS));
        assertThat(document.source().substring(end)).startsWith("\\section*{Acknowledgments}");
    }

    @Test
    void a_usepackage_inside_an_error_message_loads_nothing() throws Exception {
        Path natbib = Path.of("/usr/share/texlive/texmf-dist/tex/latex/natbib/natbib.sty");
        String code = Files.exists(natbib) ? Files.readString(natbib, java.nio.charset.StandardCharsets.ISO_8859_1)
                : """
                \\AtBeginDocument{\\@ifpackageloaded{citeref}{%
                  \\PackageError{natbib}
                  {The citeref package must be loaded after natbib}%
                  {Move \\protect\\usepackage{citeref} to after \\string\\usepackage{natbib}}}{}}
                """;

        assertThat(TexDocument.parseCode(code).packages()).extracting(PackageUse::name).doesNotContain("citeref",
                "natbib");
        assertThat(TexDocument.parseCode(code).allCommands("usepackage")).isNotEmpty();
    }

    @Test
    void misnested_environments_are_named_with_their_lines() {
        TexDocument document = TexDocument.parse("""
                \\begin{document}
                \\begin{table}
                \\begin{tabular}{l}
                x
                \\end{table}
                \\end{document}
                """);

        assertThat(document.environmentProblems())
                .containsExactly("\\begin{tabular} on line 3 is never closed");
    }

    @Test
    void edits_apply_together_by_span_and_refuse_overlaps() {
        TexDocument document = TexDocument.parse(PAPER);
        TexSection intro = document.section(SectionRole.INTRODUCTION).orElseThrow();
        TexSection conclusion = document.section(SectionRole.CONCLUSION).orElseThrow();

        String edited = TexEdits.of(document).replace(conclusion.body(), "\nAll done.\n")
                .replace(intro.body(), "\nNew intro.\n").apply();

        TexDocument after = TexDocument.parse(edited);
        assertThat(after.plainText(after.section(SectionRole.INTRODUCTION).orElseThrow().body())).isEqualTo("New intro.");
        assertThat(after.plainText(after.section(SectionRole.CONCLUSION).orElseThrow().body())).isEqualTo("All done.");
        assertThatThrownBy(() -> TexEdits.of(document).replace(intro.span(), "").replace(intro.body(), "").apply())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("overlapping");
    }

    @Test
    void plain_text_keeps_words_and_drops_commands() {
        assertThat(TexDocument.plainText("A \\textbf{bold} claim~\\cite{x}, 50\\% better (\\ref{t}); "
                + "\\textcolor{red}{red} $x^2$ \\\\ next")).isEqualTo("A bold claim , 50% better (); red x2 next");
    }

    @Test
    void a_megabyte_of_hostile_tex_is_read_in_linear_time() {
        for (String unit : List.of("{", "}", "\\", "[", "%", "$", "\\begin{x}", "\\section{", "\\verb|", "#")) {
            String hostile = unit.repeat(1_000_000 / unit.length());
            long started = System.nanoTime();
            TexDocument document = TexDocument.parse(hostile);
            document.sections();
            document.environmentProblems();
            document.packages();
            document.plainText(new TexSpan(0, hostile.length()));
            assertThat((System.nanoTime() - started) / 1_000_000).as("milliseconds for a run of %s", unit)
                    .isLessThan(10_000);
        }
    }
}
