package dev.paperorchestra.content.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * An author kit of our own making, shaped as venues ship them: a two-column template.tex with a placeholder title, an
 * author block with a name, an address and an e-mail, stub text; a .sty that defines the macro the template's
 * preamble calls and prints a head mark on every page; a .bst (TeX's plain.bst under a name only the kit has);
 * an {@code \input} file in a sub-directory; and the guidelines as prose in {@code guidelines.md}, the reference
 * method's name, beside template.tex. Materials to go with it hold no template and no guidelines.
 */
public final class OwnKit {

    /** The head the kit's .sty prints on every page. */
    public static final String MARK = "OWNKIT-MARK Workshop 2026";
    /** The page limit the kit's guidelines state in prose. */
    public static final int PAGE_LIMIT = 9;
    /** The guidelines: the limit in words, references and ethics statements not counted. */
    public static final String GUIDELINES = """
            # Call for papers

            Papers, excluding the references section, must be no longer than nine pages. Ethics statements do not
            count toward the page limit. Submissions are anonymous: do not include author names or affiliations.
            """;
    /** What the template's placeholders say; none of it may reach the paper. */
    public static final List<String> PLACEHOLDERS = List.of("My Title", "Jane Q. Researcher", "Example University",
            "jane.researcher@example.org", "Abstract here", "Introduction here", "PLEASE UPDATE");

    private static final String TEMPLATE = """
            %%%% TITLE - PLEASE UPDATE
            \\documentclass[10pt,twocolumn,letterpaper]{article}
            \\usepackage[T1]{fontenc}
            \\usepackage[utf8]{inputenc}
            \\usepackage{times}
            \\usepackage[letterpaper,margin=0.8in,columnsep=0.3in]{geometry}
            \\usepackage{graphicx}
            \\usepackage{booktabs}
            \\usepackage{amsmath}
            \\usepackage{ownkit}
            \\input{macros/ownkit-macros}
            \\ownkitsubmission{1234}

            \\title{My Title}
            \\author{Jane Q. Researcher\\\\ Example University\\\\ \\texttt{jane.researcher@example.org}}
            \\date{}

            \\begin{document}
            \\maketitle

            \\begin{abstract}
            Abstract here.
            \\end{abstract}

            \\section{Introduction}
            Introduction here.

            \\section{Related Work}

            \\section{Method}

            \\section{Experiments}

            \\section{Conclusion}

            \\bibliographystyle{ownkit}
            \\bibliography{sample}
            \\end{document}
            """;

    private static final String STY = """
            \\NeedsTeXFormat{LaTeX2e}
            \\ProvidesPackage{ownkit}[2026/01/01 OWNKIT workshop style, written for the tests]
            \\RequirePackage{fancyhdr}
            \\newcommand{\\ownkitvenue}{OWNKIT-MARK Workshop 2026}
            \\newcommand{\\ownkitid}{}
            % the submission number the template sets, as venues' \\paperID does
            \\newcommand{\\ownkitsubmission}[1]{\\renewcommand{\\ownkitid}{#1}}
            \\pagestyle{fancy}
            \\fancyhf{}
            \\fancyhead[L]{\\small\\ownkitvenue}
            \\fancyhead[R]{\\small Submission \\ownkitid}
            \\fancyfoot[C]{\\thepage}
            \\fancypagestyle{plain}{\\fancyhf{}\\fancyhead[L]{\\small\\ownkitvenue}%
              \\fancyhead[R]{\\small Submission \\ownkitid}\\fancyfoot[C]{\\thepage}}
            \\setlength{\\headheight}{14pt}
            \\endinput
            """;

    private OwnKit() {
    }

    /** Writes the kit into {@code kit} (created) and returns it. */
    public static Path write(Path kit) throws IOException {
        Files.createDirectories(kit.resolve("macros"));
        Files.writeString(kit.resolve("template.tex"), TEMPLATE);
        Files.writeString(kit.resolve("ownkit.sty"), STY);
        Files.writeString(kit.resolve("macros").resolve("ownkit-macros.tex"),
                "\\newcommand{\\ownkiteg}{e.g.}\n\\newcommand{\\ownkitie}{i.e.}\n");
        Files.copy(plainBst(), kit.resolve("ownkit.bst"));
        Files.writeString(kit.resolve("sample.bib"), "@misc{sample, title = {A Sample Entry}, year = {2020}}\n");
        Files.writeString(kit.resolve("guidelines.md"), GUIDELINES);
        Files.writeString(kit.resolve("README.txt"), "How to use the OWNKIT author kit.\n");
        return kit;
    }

    /**
     * Materials for the kit: {@code example}'s idea, log, job.json and recorded scholar answers, without its
     * template and guidelines (the kit brings both).
     */
    public static Path materials(Path example, Path target) throws IOException {
        Files.createDirectories(target);
        for (String name : List.of("idea.md", "experimental_log.md", "job.json", "scholar_records.json")) {
            if (Files.isRegularFile(example.resolve(name))) {
                Files.copy(example.resolve(name), target.resolve(name));
            }
        }
        return target;
    }

    /** The text of each page of a PDF, in order. */
    public static List<String> pageTexts(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDFTextStripper stripper = new PDFTextStripper();
            List<String> pages = new java.util.ArrayList<>();
            for (int page = 1; page <= document.getNumberOfPages(); page++) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                pages.add(stripper.getText(document));
            }
            return pages;
        }
    }

    private static Path plainBst() throws IOException {
        Process kpsewhich = new ProcessBuilder("kpsewhich", "plain.bst").redirectErrorStream(true).start();
        try {
            String found = new String(kpsewhich.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!kpsewhich.waitFor(30, TimeUnit.SECONDS) || found.isEmpty()) {
                throw new IOException("kpsewhich finds no plain.bst");
            }
            return Path.of(found);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("interrupted", e));
        }
    }
}
