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
 */
public record CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures,
        Map<String, byte[]> kit) {

    public CompileJob {
        figures = Map.copyOf(figures);
        kit = Map.copyOf(kit);
    }

    /** A document without an author kit. */
    public CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures) {
        this(paperId, tex, bibliography, figures, Map.of());
    }
}
