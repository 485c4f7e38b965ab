package dev.paperorchestra.content.latex;

import org.jspecify.annotations.Nullable;

/**
 * One problem read from a LaTeX log.
 *
 * @param kind    what sort of problem
 * @param message the log's words, e.g. "Undefined control sequence." or "Citation `x' undefined"
 * @param subject what the problem is about when the log names it: the citation key, the reference label, the
 *                missing file or the missing package; null otherwise
 * @param line    the line of paper.tex (or of the file being read) the log points at, 0 when it does not say
 */
public record LatexIssue(Kind kind, String message, @Nullable String subject, int line) {

    /** The sorts of problems the toolchain tells apart. */
    public enum Kind {
        /** A LaTeX error that stopped the run. */
        ERROR,
        /** A {@code .sty} or {@code .cls} file TeX cannot find: the installation lacks a package. */
        MISSING_PACKAGE,
        /** An input or graphics file TeX cannot find (or may not read outside the job directory). */
        MISSING_FILE,
        /**
         * A font TeX cannot load or cannot use as an outline font: its metric ({@code .tfm}) or outline
         * ({@code .pfb}) file is missing, or only a bitmap stands in for it (microtype's "font expansion" error);
         * the subject names the file when the log does.
         */
        MISSING_FONT,
        /** A {@code \cite} key the bibliography does not define ("[?]" in the PDF). */
        UNDEFINED_CITATION,
        /** A {@code \ref} label nothing defines ("??" in the PDF). */
        UNDEFINED_REFERENCE,
        /** A line or box wider than the text block. */
        OVERFULL_BOX,
        /** The PDF has Type 3 (bitmap) fonts ({@link PdfFonts}); the message says how to get Type 1 ones. */
        BITMAP_FONTS
    }

    /** E.g. "line 12: Undefined control sequence." or "Citation `x' undefined". */
    public String describe() {
        return line > 0 ? "line " + line + ": " + message : message;
    }

    /** True for the problems that show as "??" or "[?]" in the PDF. */
    public boolean unresolved() {
        return kind == Kind.UNDEFINED_CITATION || kind == Kind.UNDEFINED_REFERENCE;
    }
}
