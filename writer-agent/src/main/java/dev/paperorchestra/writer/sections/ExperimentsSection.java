package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.writer.figures.FigurePlan;
import dev.paperorchestra.writer.latex.Labels;
import dev.paperorchestra.writer.tables.BooktabsTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The experiments section from the log: the setup, then every figure and every table as a float of its own,
 * each referenced from the text with a sentence stating the table's best logged values ({@link TableFindings}),
 * each table followed by the observations the log states under it. The log's general observations are handed
 * back for the discussion. Everything is taken from the materials; the only words added are the references and
 * the sentence frames ("Table~\ref{...} reports ...", "... has the best values of the table: ...").
 */
final class ExperimentsSection {

    private static final Pattern SETUP = Pattern.compile("(?i)set-?up|settings|implementation details");
    private static final Pattern OBSERVATIONS = Pattern.compile(
            "(?i)observation|finding|takeaway|analysis|discussion|notes|qualitative");

    private ExperimentsSection() {
    }

    /**
     * @param log       experimental_log.md
     * @param tables    its tables
     * @param figures   the figures to include, each once
     * @param twoColumn true when the paper is set in two columns
     * @param plan      the tables a chart presents alone: not typeset again, their findings told with the figure
     */
    static Rendered render(String log, List<MarkdownTable> tables, List<Figure> figures, boolean twoColumn,
            FigurePlan plan) {
        List<Section> sections = MarkdownText.sections(log);
        Optional<Section> setupSection = setupSection(sections);
        Set<String> used = new LinkedHashSet<>(setupSection.map(s -> MarkdownLines.items(s.body())).orElse(List.of()));
        StringBuilder results = new StringBuilder();
        Labels labels = new Labels();
        Map<String, String> figureLabels = new HashMap<>();
        for (Figure figure : figures) {
            String label = labels.exact("fig", figure.getFigureId());
            figureLabels.putIfAbsent(figure.getFigureId(), label);
            results.append("Figure~\\ref{").append(label).append("} shows ")
                    .append(LatexText.text(Sentences.continuing(subject(figure)))).append(".\n\n")
                    .append(FigureFloat.render(figure, label, twoColumn)).append('\n');
        }
        for (MarkdownTable table : tables) {
            String finding = TableFindings.of(table);
            String chartLabel = plan.presentedByChart(table)
                    ? figureLabels.get(plan.chartedTables().get(table.caption().strip())) : null;
            if (chartLabel != null) {
                // the chart presents this table; typesetting it too would show the same numbers twice
                results.append("Figure~\\ref{").append(chartLabel).append("} draws ")
                        .append(LatexText.text(Sentences.continuing(LogCaptions.clean(table.caption())))).append('.')
                        .append(finding.isEmpty() ? "" : " " + LatexText.text(finding)).append("\n\n");
            } else {
                String label = labels.next("tab", table.caption(), "table_" + (table.index() + 1));
                results.append("Table~\\ref{").append(label).append("} reports ")
                        .append(LatexText.text(Sentences.continuing(LogCaptions.clean(table.caption())))).append('.')
                        .append(finding.isEmpty() ? "" : " " + LatexText.text(finding)).append("\n\n")
                        .append(BooktabsTable.render(new MarkdownTable(table.index(), LogCaptions.clean(table.caption()),
                                table.header(), table.rows()), label, twoColumn)).append('\n');
            }
            List<String> observations = sections.stream().filter(s -> s.title().equals(table.caption()))
                    .findFirst().map(s -> MarkdownLines.items(s.body())).orElse(List.of());
            results.append(sentences(observations, used));
        }
        // what the log states under a results heading of its own ("Key Results", "Classification results") and
        // no table took is what the experiments found: it opens the results, before the floats
        // the log's own title ("Experimental Log: ... Analysis") heads the whole log, not a part of it
        long topLevel = sections.stream().filter(s -> s.level() == 1).count();
        List<Section> parts = sections.stream().filter(s -> topLevel != 1 || s.level() > 1).toList();
        List<String> reported = parts.stream()
                .filter(s -> namesResults(s.title()) && !OBSERVATIONS.matcher(s.title()).find())
                .flatMap(s -> MarkdownLines.items(s.body()).stream()).filter(used::add).toList();
        String findings = reported.isEmpty() ? ""
                : MarkdownBlocks.readable(LatexText.markdown(Sentences.join(reported))) + "\n\n";
        // the log's general observations (not tied to one table) are the paper's discussion, not its results
        List<String> discussion = parts.stream()
                .filter(s -> OBSERVATIONS.matcher(s.title()).find() && !SETUP.matcher(s.title()).find())
                .flatMap(s -> MarkdownLines.items(s.body()).stream()).filter(used::add).toList();
        String setup = setupSection.map(section -> MarkdownBlocks.render(section.body())).orElse("");
        String latex = setup.isEmpty() ? findings + results
                : "\\subsection{Experimental Setup}\n" + setup + "\n\n\\subsection{Results}\n" + findings + results;
        return new Rendered(latex, discussion);
    }

    /**
     * What a figure shows, as its caption says it (the plotted quantities included), else its title; without
     * the log's dates and entry numbers and without a note on where the numbers came from.
     */
    static String subject(Figure figure) {
        String caption = LogCaptions.clean(figure.getCaption());
        String title = LogCaptions.clean(figure.getTitle());
        String subject = caption.isBlank() ? title : caption;
        return subject.replaceFirst("[.]+$", "").strip();
    }

    /**
     * @param latex      the section body
     * @param discussion the log's observations that belong to no table, for the discussion or the conclusion
     */
    record Rendered(String latex, List<String> discussion) {

        Rendered {
            discussion = List.copyOf(discussion);
        }
    }

    private static Optional<Section> setupSection(List<Section> sections) {
        return sections.stream().filter(s -> s.level() > 1 && SETUP.matcher(s.title()).find()).findFirst()
                .or(() -> sections.stream().filter(s -> SETUP.matcher(s.title()).find()).findFirst());
    }

    /** Whether a heading of the log names results ("Results", "Key Results"), not the log as a whole. */
    private static boolean namesResults(String title) {
        return Arrays.stream(SectionRole.normalise(title).split(" ")).anyMatch(word -> word.startsWith("result"));
    }

    /** The bullets not written yet, as one paragraph of sentences; marks them written. */
    private static String sentences(List<String> bullets, Set<String> used) {
        List<String> fresh = bullets.stream().filter(used::add).toList();
        return fresh.isEmpty() ? "" : LatexText.markdown(Sentences.join(fresh)) + "\n\n";
    }
}
