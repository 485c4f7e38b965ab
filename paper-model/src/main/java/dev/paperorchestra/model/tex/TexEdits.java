package dev.paperorchestra.model.tex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Changes to a document's source by span, applied together: every span refers to the source as parsed, so the
 * changes need not be ordered and do not shift each other. Overlapping changes are refused.
 */
public final class TexEdits {

    private record Edit(TexSpan span, String replacement) {
    }

    private final TexDocument document;
    private final List<Edit> edits = new ArrayList<>();

    TexEdits(TexDocument document) {
        this.document = document;
    }

    /** Edits of a document. */
    public static TexEdits of(TexDocument document) {
        return new TexEdits(document);
    }

    public TexEdits replace(TexSpan span, String replacement) {
        edits.add(new Edit(span, replacement));
        return this;
    }

    public TexEdits delete(TexSpan span) {
        return replace(span, "");
    }

    public TexEdits insert(int offset, String text) {
        return replace(new TexSpan(offset, offset), text);
    }

    public boolean isEmpty() {
        return edits.isEmpty();
    }

    /**
     * The source with every change made.
     *
     * @throws IllegalStateException when two changes overlap
     */
    public String apply() {
        List<Edit> ordered = new ArrayList<>(edits);
        ordered.sort(Comparator.comparingInt((Edit edit) -> edit.span().start())
                .thenComparingInt(edit -> edit.span().end()));
        String source = document.source();
        StringBuilder out = new StringBuilder(source.length());
        int at = 0;
        for (Edit edit : ordered) {
            if (edit.span().start() < at) {
                throw new IllegalStateException("overlapping edits at offset " + edit.span().start() + " (line "
                        + document.lineOf(edit.span().start()) + ")");
            }
            out.append(source, at, edit.span().start()).append(edit.replacement());
            at = edit.span().end();
        }
        out.append(source, at, source.length());
        return out.toString();
    }
}
