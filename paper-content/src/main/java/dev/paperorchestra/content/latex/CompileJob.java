package dev.paperorchestra.content.latex;

import java.util.Map;

/**
 * The files one compile needs; they are written into a fresh job directory and nothing else is visible to TeX.
 *
 * @param paperId      the paper (names the job directory and the logs)
 * @param tex          paper.tex
 * @param bibliography references.bib
 * @param figures      figure file name (as {@code \includegraphics} names it under figures/) to its content
 * @param kit          the template's author kit: path relative to paper.tex ('/'-separated) to its content, written
 *                     beside paper.tex ({@link KitCode} decides whether the compile may run it)
 * @param throughErrors true to go on past TeX's errors (nonstop, no halt on the first)
 */
public record CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures,
        Map<String, byte[]> kit, boolean throughErrors) {

    public CompileJob {
        figures = Map.copyOf(figures);
        kit = Map.copyOf(kit);
    }

    /** A paper's compile: it stops at the first error. */
    public CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures,
            Map<String, byte[]> kit) {
        this(paperId, tex, bibliography, figures, kit, false);
    }

    /**
     * The same job compiled past its errors, as a template's first compile is (TemplateTrial): a sample's own
     * error early in the document must not hide a missing font or file that shows later.
     */
    public CompileJob pastErrors() {
        return new CompileJob(paperId, tex, bibliography, figures, kit, true);
    }

    /** A document without an author kit. */
    public CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures) {
        this(paperId, tex, bibliography, figures, Map.of());
    }
}
