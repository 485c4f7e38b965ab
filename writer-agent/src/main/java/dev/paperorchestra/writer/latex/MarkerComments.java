package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.writer.latex.TemplateFill.Change;
import java.util.ArrayList;
import java.util.List;

/**
 * Comments that are markers for the author ({@code %%%% TITLE - PLEASE UPDATE}, {@code % TODO ...},
 * {@code % Your abstract goes here}): they go. A comment that explains the venue's format stays.
 */
final class MarkerComments {

    /** Words of a marker, compared as {@link Prose#normalised} text. */
    private static final List<String> MARKERS = List.of("please update", "todo", "fixme", "tbd", "placeholder",
            "goes here", "go here", "lorem ipsum", "title here", "titles here", "abstract here", "author here",
            "authors here", "name here", "names here", "text here", "replace this", "replace with");

    private MarkerComments() {
    }

    static List<Change> changes(TexDocument document) {
        List<Change> changes = new ArrayList<>();
        String source = document.source();
        for (TexToken token : document.tokens()) {
            if (token.kind() != TexToken.Kind.COMMENT || !isMarker(token.text())) {
                continue;
            }
            int lineStart = source.lastIndexOf('\n', token.start() - 1) + 1;
            boolean wholeLine = source.substring(lineStart, token.start()).isBlank();
            int end = wholeLine && token.end() < source.length() ? token.end() + 1 : token.end();
            changes.add(new Change(new TexSpan(wholeLine ? lineStart : token.start(), end), ""));
        }
        return changes;
    }

    static boolean isMarker(String comment) {
        String normal = " " + Prose.normalised(comment) + " ";
        return MARKERS.stream().anyMatch(marker -> normal.contains(" " + marker + " "));
    }
}
