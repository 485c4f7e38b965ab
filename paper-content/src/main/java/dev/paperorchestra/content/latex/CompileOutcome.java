package dev.paperorchestra.content.latex;

import java.util.List;
import java.util.stream.Collectors;

/** How compiling paper.tex went. */
public sealed interface CompileOutcome {

    /** One line for people: page count, why it was skipped, or the first LaTeX errors. */
    String message();

    /**
     * A PDF was produced.
     *
     * @param pdf      the PDF
     * @param pages    its page count, read from the PDF itself (0 when it could not be read)
     * @param warnings what the final run's log still reports: undefined citations and references, overfull boxes;
     *                 Type 3 fonts in the PDF ({@link PdfFonts}); active content taken out of it
     */
    record Compiled(byte[] pdf, int pages, List<LatexIssue> warnings) implements CompileOutcome {

        public Compiled {
            warnings = List.copyOf(warnings);
        }

        /** The citations and references left undefined, e.g. "Citation `x' undefined" (each shows "??"). */
        public List<String> undefinedCitationsAndReferences() {
            return warnings.stream().filter(LatexIssue::unresolved).map(LatexIssue::message).toList();
        }

        /** The Type 3 font finding, when the PDF has bitmap fonts. */
        public java.util.Optional<LatexIssue> bitmapFonts() {
            return warnings.stream().filter(issue -> issue.kind() == LatexIssue.Kind.BITMAP_FONTS).findFirst();
        }

        @Override
        public String message() {
            String pdfPages = pages > 0 ? "PDF " + pages + (pages == 1 ? " page" : " pages") : "PDF written";
            int unresolved = undefinedCitationsAndReferences().size();
            String message = unresolved == 0 ? pdfPages
                    : pdfPages + " (" + unresolved + " undefined citations or references)";
            // the one line every report carries (stage status, summary.json's compile message): the font finding
            // and the active content taken out reach the user through it
            String withFonts = bitmapFonts().map(fonts -> message + "; FONTS: " + fonts.message()).orElse(message);
            return warnings.stream().filter(issue -> issue.kind() == LatexIssue.Kind.ACTIVE_CONTENT).findFirst()
                    .map(removed -> withFonts + "; ACTIVE CONTENT: " + removed.message()).orElse(withFonts);
        }
    }

    /** TeX is not installed (or not reachable); no PDF, and nothing is wrong with the paper. */
    record Skipped(String reason) implements CompileOutcome {

        @Override
        public String message() {
            return reason;
        }
    }

    /**
     * LaTeX stopped on an error, a package is missing, or the run timed out.
     *
     * @param errors the errors, first first; never empty
     */
    record Failed(List<LatexIssue> errors) implements CompileOutcome {

        public Failed {
            errors = List.copyOf(errors);
            if (errors.isEmpty()) {
                throw new IllegalArgumentException("a failed compile names at least one error");
            }
        }

        /** A failure the log does not explain (timeout, latexmk or bibtex trouble). */
        static Failed of(String message) {
            return new Failed(List.of(new LatexIssue(LatexIssue.Kind.ERROR, message, null, 0)));
        }

        @Override
        public String message() {
            return errors.stream().map(Failed::explain).collect(Collectors.joining(" | "));
        }

        private static String explain(LatexIssue issue) {
            if (issue.kind() == LatexIssue.Kind.MISSING_PACKAGE && issue.subject() != null) {
                String file = issue.subject();
                String name = file.replaceFirst("\\.(sty|cls)$", "");
                String what = file.endsWith(".cls") ? "document class" : "package";
                return "the paper needs the LaTeX " + what + " `" + name + "' (" + file + "), which this TeX "
                        + "installation lacks: install it (e.g. tlmgr install " + name + ") or use a template "
                        + "without it";
            }
            return issue.describe();
        }
    }
}
