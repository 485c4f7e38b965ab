package dev.paperorchestra.writer.repair;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSpan;
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
        int mainEnd = document.bodyEnd();
        for (TexCommand command : document.bibliography().commands()) {
            mainEnd = Math.min(mainEnd, command.start());
        }
        mainEnd = Math.min(mainEnd, document.appendixStart().orElse(mainEnd));
        int bodyStart = document.bodyStart();
        int end = mainEnd;
        List<TexEnvironment> tables = document.environments("table", "table*").stream()
                .filter(table -> table.span().start() >= bodyStart && table.span().start() < end).toList();
        int movable = tables.size() - 1;
        if (movable <= 0) {
            return Optional.empty();
        }
        List<TexEnvironment> moving = tables.subList(tables.size() - (movable + 1) / 2, tables.size());
        StringBuilder moved = new StringBuilder();
        TexEdits edits = TexEdits.of(document);
        for (TexEnvironment table : moving) {
            // the line end after \end{table} goes with the table
            int to = table.span().end() < tex.length() && tex.charAt(table.span().end()) == '\n'
                    ? table.span().end() + 1 : table.span().end();
            TexSpan span = new TexSpan(table.span().start(), to);
            moved.append(document.text(span));
            edits.delete(span);
        }
        String appendix = tex.contains(APPENDIX_TITLE) ? "" : (document.appendixStart().isPresent() ? ""
                : "\\appendix\n") + APPENDIX_TITLE + "\nTables moved here to keep the main text within the page "
                + "limit.\n\n";
        edits.insert(document.environment("document").get().end().start(), appendix + moved);
        return Optional.of(edits.apply());
    }
}
