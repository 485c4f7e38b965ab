package dev.paperorchestra.writer.repair;

import dev.paperorchestra.writer.latex.TexStructure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline answer to a main text over the page limit, without a model: table floats move, last first, from
 * the main text into an appendix after the bibliography (which venues do not count), half of the movable ones
 * per call; the first table stays with the experiments. Their labels and references are unchanged, so every
 * {@code \ref} still resolves. Nothing else is rewritten; other problems are left to be reported.
 */
public final class OfflineTightener implements Repairer {

    private static final Pattern TABLE = Pattern.compile("(?s)\\\\begin\\{(table\\*?)}.*?\\\\end\\{\\1}\\n?");
    private static final String APPENDIX_TITLE = "\\section{Additional Results}";
    private static final Pattern BACK_MATTER = Pattern.compile(
            "\\\\bibliographystyle\\{|\\\\bibliography\\{|\\\\appendix\\b");

    @Override
    public boolean handles(Problem problem) {
        return problem == Problem.PAGES;
    }

    @Override
    public Optional<String> revise(String paperId, Problem problem, String tex, String details) {
        if (problem != Problem.PAGES) {
            return Optional.empty();
        }
        Matcher back = BACK_MATTER.matcher(tex);
        int mainEnd = back.find() ? back.start() : tex.indexOf(TexStructure.END_DOCUMENT);
        if (mainEnd < 0) {
            return Optional.empty();
        }
        List<int[]> tables = new ArrayList<>();
        Matcher table = TABLE.matcher(tex);
        while (table.find() && table.start() < mainEnd) {
            if (!TexStructure.commentedOut(tex, table.start())) {
                tables.add(new int[] {table.start(), table.end()});
            }
        }
        int movable = tables.size() - 1;
        if (movable <= 0) {
            return Optional.empty();
        }
        List<int[]> moving = tables.subList(tables.size() - (movable + 1) / 2, tables.size());
        StringBuilder moved = new StringBuilder();
        StringBuilder kept = new StringBuilder(tex);
        for (int i = moving.size() - 1; i >= 0; i--) {
            int[] span = moving.get(i);
            moved.insert(0, tex, span[0], span[1]);
            kept.delete(span[0], span[1]);
        }
        String result = kept.toString();
        int end = result.lastIndexOf(TexStructure.END_DOCUMENT);
        String appendix = result.contains(APPENDIX_TITLE) ? "" : (result.contains("\\appendix") ? "" : "\\appendix\n")
                + APPENDIX_TITLE + "\nTables moved here to keep the main text within the page limit.\n\n";
        return Optional.of(result.substring(0, end) + appendix + moved + result.substring(end));
    }
}
