package dev.paperorchestra.content.latex;

import java.util.Map;

/**
 * The files one compile needs; they are written into a fresh job directory and nothing else is visible to TeX.
 *
 * @param paperId      the paper (names the job directory and the logs)
 * @param tex          paper.tex
 * @param bibliography references.bib
 * @param figures      figure file name (as {@code \includegraphics} names it under figures/) to its content
 */
public record CompileJob(String paperId, String tex, String bibliography, Map<String, byte[]> figures) {

    public CompileJob {
        figures = Map.copyOf(figures);
    }
}
