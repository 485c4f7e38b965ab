package dev.paperorchestra.writer.compile;

import java.util.List;

/** How compiling paper.tex went. */
public sealed interface CompileOutcome {

    /** One line for people: page count, why it was skipped, or the first LaTeX error. */
    String message();

    /**
     * A PDF was produced.
     *
     * @param pdf      the PDF
     * @param pages    its page count, 0 when the log did not say
     * @param warnings undefined citations and references left in the final run, e.g. "Citation `x' undefined"
     */
    record Compiled(byte[] pdf, int pages, List<String> warnings) implements CompileOutcome {

        public Compiled {
            warnings = List.copyOf(warnings);
        }

        @Override
        public String message() {
            String pdfPages = pages > 0 ? "PDF " + pages + (pages == 1 ? " page" : " pages") : "PDF written";
            return warnings.isEmpty() ? pdfPages
                    : pdfPages + " (" + warnings.size() + " undefined citations or references)";
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
     * LaTeX stopped on an error (or the run timed out).
     *
     * @param errors the first error lines of the log, e.g. "./paper.tex:12: Undefined control sequence."
     */
    record Failed(List<String> errors) implements CompileOutcome {

        public Failed {
            errors = List.copyOf(errors);
        }

        @Override
        public String message() {
            return String.join(" | ", errors);
        }
    }
}
