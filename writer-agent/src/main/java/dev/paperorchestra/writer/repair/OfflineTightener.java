package dev.paperorchestra.writer.repair;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexFloat;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.writer.latex.TexStructure;
import java.util.List;
import java.util.Optional;

/**
 * The offline answer to a main text over the page limit, without a model: table floats move, last first, from
 * the main text into an appendix after the bibliography (which venues do not count), half of the movable ones
 * per call; the first table stays with the experiments. With no table left to move, the later half of the
 * longest section's paragraphs moves there instead, where the guidelines leave the appendix out of the count. Labels and references are unchanged, so every {@code \ref}
 * still resolves. Nothing is rewritten or dropped; other problems are left to be reported.
 */
public final class OfflineTightener implements Repairer {

    private static final String APPENDIX_TITLE = "\\section{Additional Results}";

    private final boolean appendixNotCounted;

    /** A tightener for guidelines that do not say an appendix is left out of the page count. */
    public OfflineTightener() {
        this(false);
    }

    /**
     * @param appendixNotCounted whether the guidelines leave the appendix out of the page count: only then does
     *                           moving the results' prose after the bibliography shorten what the limit counts
     */
    public OfflineTightener(boolean appendixNotCounted) {
        this.appendixNotCounted = appendixNotCounted;
    }

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
            return appendixNotCounted ? laterResults(document, mainEnd) : Optional.empty();
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

    /** Fewest paragraphs a section has before its later half may move: one or two paragraphs never overflow. */
    static final int MOVABLE_PARAGRAPHS = 4;

    /**
     * With no table left to move, the later half (by words) of the longest main-text section's paragraphs, in
     * order and with any float among them, goes after the bibliography under the same heading: a full-text
     * extract's results run to many pages of observations, and the main text keeps their first half.
     */
    private static Optional<String> laterResults(TexDocument document, int mainEnd) {
        String tex = document.source();
        Optional<TexSection> longest = document.topSections().stream()
                .filter(section -> section.part() == PaperPart.MAIN_TEXT && section.body().end() <= mainEnd)
                .max(java.util.Comparator.comparingInt(section -> Prose.wordCount(document.plainText(
                        section.body()))));
        if (longest.isEmpty()) {
            return Optional.empty();
        }
        List<TexSpan> blocks = blocks(document, longest.get().body());
        long prose = blocks.stream().filter(block -> !tex.startsWith("\\", block.start())).count();
        if (prose < MOVABLE_PARAGRAPHS) {
            return Optional.empty();
        }
        int total = blocks.stream().mapToInt(block -> Prose.wordCount(document.plainText(block))).sum();
        int moved = 0;
        int from = blocks.size();
        while (from > 1 && moved < total / 2) {
            from--;
            moved += Prose.wordCount(document.plainText(blocks.get(from)));
        }
        TexSpan moving = new TexSpan(blocks.get(from).start(), blocks.getLast().end());
        String kept = TexEdits.of(document).delete(moving).apply();
        String appendix = kept.contains(APPENDIX_TITLE) ? ""
                : (document.appendixStart().isPresent() ? "" : "\\appendix\n") + APPENDIX_TITLE
                        + "\nResults moved here to keep the main text within the page limit.\n\n";
        int end = kept.lastIndexOf(TexStructure.END_DOCUMENT);
        return Optional.of(kept.substring(0, end) + appendix + tex.substring(moving.start(), moving.end()).strip()
                + "\n\n" + kept.substring(end));
    }

    /** A section body's blocks: paragraphs between blank lines, an environment (a float, a list) kept whole. */
    private static List<TexSpan> blocks(TexDocument document, TexSpan body) {
        String tex = document.source();
        List<TexSpan> environments = document.floats().stream().map(found -> found.environment().span())
                .filter(span -> body.contains(span)).toList();
        List<TexSpan> blocks = new java.util.ArrayList<>();
        int at = body.start();
        while (at < body.end()) {
            while (at < body.end() && Character.isWhitespace(tex.charAt(at))) {
                at++;
            }
            if (at >= body.end()) {
                break;
            }
            int end = tex.indexOf("\n\n", at);
            end = end < 0 || end > body.end() ? body.end() : end;
            for (TexSpan environment : environments) {
                if (environment.start() < end && environment.end() > end) {
                    end = Math.min(body.end(), environment.end());
                }
            }
            blocks.add(new TexSpan(at, end));
            at = end;
        }
        return blocks;
    }
}
