package dev.paperorchestra.writer.sections;

import dev.paperorchestra.runtime.materials.MarkdownLines;
import dev.paperorchestra.runtime.materials.MarkdownTable;
import dev.paperorchestra.runtime.materials.MarkdownText;
import dev.paperorchestra.runtime.materials.MarkdownText.Section;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.runtime.materials.LatexText;
import dev.paperorchestra.writer.latex.Labels;
import dev.paperorchestra.writer.tables.BooktabsTable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The experiments section from the log: the setup, then every figure and every table as a float of its own,
 * each referenced from the text, each table followed by the observations the log states under it, then the
 * remaining observations. Everything is taken from the materials; the only words added are the references
 * ("Table~\ref{...} reports ...").
 */
final class ExperimentsSection {

    private static final Pattern SETUP = Pattern.compile("(?i)set-?up|settings|implementation details");
    private static final Pattern OBSERVATIONS = Pattern.compile(
            "(?i)observation|finding|takeaway|result|analysis|discussion|notes|qualitative");

    private ExperimentsSection() {
    }

    /**
     * @param log       experimental_log.md
     * @param tables    its tables
     * @param figures   the figures to include, each once
     * @param twoColumn true when the paper is set in two columns
     */
    static String render(String log, List<MarkdownTable> tables, List<Figure> figures, boolean twoColumn) {
        List<Section> sections = MarkdownText.sections(log);
        Optional<Section> setupSection = setupSection(sections);
        Set<String> used = new LinkedHashSet<>(setupSection.map(s -> MarkdownLines.items(s.body())).orElse(List.of()));
        StringBuilder results = new StringBuilder();
        Labels labels = new Labels();
        for (Figure figure : figures) {
            String label = labels.exact("fig", figure.getFigureId());
            String subject = figure.getTitle().isBlank() ? figure.getCaption() : figure.getTitle();
            results.append("Figure~\\ref{").append(label).append("} shows ")
                    .append(LatexText.text(Sentences.continuing(subject))).append(".\n\n")
                    .append(FigureFloat.render(figure, label, twoColumn)).append('\n');
        }
        for (MarkdownTable table : tables) {
            String label = labels.next("tab", table.caption(), "table_" + (table.index() + 1));
            results.append("Table~\\ref{").append(label).append("} reports ")
                    .append(LatexText.text(Sentences.continuing(table.caption()))).append(".\n\n")
                    .append(BooktabsTable.render(table, label, twoColumn)).append('\n');
            List<String> observations = sections.stream().filter(s -> s.title().equals(table.caption()))
                    .findFirst().map(s -> MarkdownLines.items(s.body())).orElse(List.of());
            results.append(sentences(observations, used));
        }
        results.append(sentences(sections.stream()
                .filter(s -> OBSERVATIONS.matcher(s.title()).find() && !SETUP.matcher(s.title()).find())
                .flatMap(s -> MarkdownLines.items(s.body()).stream()).toList(), used));
        String setup = setupSection.map(section -> MarkdownBlocks.render(section.body())).orElse("");
        if (setup.isEmpty()) {
            return results.toString();
        }
        return "\\subsection{Experimental Setup}\n" + setup + "\n\n\\subsection{Results}\n" + results;
    }

    private static Optional<Section> setupSection(List<Section> sections) {
        return sections.stream().filter(s -> s.level() > 1 && SETUP.matcher(s.title()).find()).findFirst()
                .or(() -> sections.stream().filter(s -> SETUP.matcher(s.title()).find()).findFirst());
    }

    /** The bullets not written yet, as one paragraph of sentences; marks them written. */
    private static String sentences(List<String> bullets, Set<String> used) {
        List<String> fresh = bullets.stream().filter(used::add).toList();
        return fresh.isEmpty() ? "" : LatexText.markdown(Sentences.join(fresh)) + "\n\n";
    }
}
