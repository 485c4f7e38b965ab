package dev.paperorchestra.writer.repair;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexFloat;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.writer.latex.TexStructure;
import java.util.List;
import java.util.Optional;

/**
 * The offline answer to a main text over the page limit, without a model: table floats move, last first, from
 * the main text into an appendix after the bibliography (which venues do not count), half of the movable ones
 * per call; the first table stays with the experiments. Their labels and references are unchanged, so every
 * {@code \ref} still resolves. Nothing else is rewritten; other problems are left to be reported.
 */
public final class OfflineTightener implements Repairer {

    private static final String APPENDIX_TITLE = "\\section{Additional Results}";

    @Override
    public boolean handles(Problem problem) {
        return problem == Problem.PAGES;
    }

    @Override
    public Optional<String> revise(String paperId, Problem problem, String tex, String details) {
        if (problem != Problem.PAGES) {
            return Optional.empty();
        }
        TexDocument document = TexDocument.parse(tex);
        if (document.environment("document").isEmpty()) {
            return Optional.empty();
        }
        int mainEnd = TexStructure.backMatterStart(document);
        List<TexSpan> tables = document.floats().stream().filter(TexFloat::isTable)
                .map(table -> table.environment().span()).filter(span -> span.start() < mainEnd).toList();
        int movable = tables.size() - 1;
        if (movable <= 0) {
            return Optional.empty();
        }
        List<TexSpan> moving = tables.subList(tables.size() - (movable + 1) / 2, tables.size());
        StringBuilder moved = new StringBuilder();
        TexEdits edits = TexEdits.of(document);
        for (TexSpan span : moving) {
            // the line end after \end{table} goes with it
            int end = span.end() < tex.length() && tex.charAt(span.end()) == '\n' ? span.end() + 1 : span.end();
            moved.append(tex, span.start(), end);
            edits.delete(new TexSpan(span.start(), end));
        }
        String kept = edits.apply();
        String appendix = kept.contains(APPENDIX_TITLE) ? ""
                : (document.appendixStart().isPresent() ? "" : "\\appendix\n") + APPENDIX_TITLE
                        + "\nTables moved here to keep the main text within the page limit.\n\n";
        int end = kept.lastIndexOf(TexStructure.END_DOCUMENT);
        return Optional.of(kept.substring(0, end) + appendix + moved + kept.substring(end));
    }
}
