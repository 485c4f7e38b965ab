package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper a capable model writes for the writer's request: it reads idea.md, experimental_log.md and the
 * figure list from the request and completes the paper so far with the paper's own title, an abstract, a method
 * built from the idea's content, the experiments with every log table exactly as logged (booktabs) unless the
 * request says a figure presents it alone (then a sentence pointing to the figure), a sentence
 * per result, every figure placed and referenced, and a conclusion from the log's observations and the idea's
 * contributions and scope. It writes no number the materials do not hold and cites nothing itself.
 */
final class ScriptedPaper {

    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\{([^}]*)}");
    private static final Pattern FIGURE_LINE = Pattern.compile("(?m)^- figures/(\\S+) \\(id ([\\w-]+)[^)]*\\): (.*)$");
    private static final Pattern TITLE = Pattern.compile("\\\\title\\{[^}]*}");
    private static final Pattern LABEL = Pattern.compile("(?i)^(?:research idea|idea summary|idea|working title)\\s*:\\s*");
    private static final Pattern CORE_IDEA = Pattern.compile("(?i)\\s*core idea\\s*");
    private static final Pattern NOT_METHOD = Pattern.compile("(?i)problem|contribution|scope|limitation");
    private static final Pattern SETUP = Pattern.compile("(?i)set-?up");
    private static final Pattern CHARTED = Pattern.compile(
            "(?m)^- \"(.+)\" is presented by figure ([\\w-]+): do not typeset it");

    private ScriptedPaper() {
    }

    /** The completed paper for a write request's user prompt. */
    static String write(String user, String paper) {
        String idea = between(user, "## idea.md\n", "\n\n## experimental_log.md\n");
        String log = between(user, "## experimental_log.md\n", "\n\n## Figures to include");
        List<Section> ideaSections = MarkdownText.sections(idea);
        String title = ideaSections.stream().filter(s -> s.level() == 1).findFirst()
                .map(s -> LABEL.matcher(s.title()).replaceFirst("")).orElse("");
        String tex = title.isEmpty() ? paper
                : TITLE.matcher(paper).replaceFirst(Matcher.quoteReplacement(
                        "\\title{" + LatexText.text(title) + "}"));
        tex = tex.replaceFirst("(?s)\\\\begin\\{abstract}.*?\\\\end\\{abstract}", Matcher.quoteReplacement(
                "\\begin{abstract}\n" + abstractText(ideaSections) + "\n\\end{abstract}"));
        // a figure fills a column of a two-column paper, but only part of a single column's width
        String width = paper.contains("twocolumn") ? "\\linewidth" : "0.6\\linewidth";
        return fill(tex, ideaSections, log, figures(user), charted(user), width);
    }

    private static String abstractText(List<Section> idea) {
        List<String> paragraphs = new ArrayList<>();
        for (String wanted : List.of("problem", "core idea")) {
            idea.stream().filter(s -> s.title().toLowerCase(Locale.ROOT).contains(wanted)).findFirst()
                    .map(s -> MarkdownText.paragraphs(s.body())).filter(p -> !p.isEmpty())
                    .ifPresent(p -> paragraphs.add(p.getFirst()));
        }
        return LatexText.markdown(String.join(" ", paragraphs));
    }

    private static String fill(String paper, List<Section> idea, String log, List<String[]> figures,
            Map<String, String> charted, String width) {
        Matcher matcher = SECTION.matcher(paper);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (matcher.find()) {
            int bodyEnd = boundary(paper, matcher.end());
            String body = paper.substring(matcher.end(), bodyEnd);
            out.append(paper, last, matcher.end());
            if (body.strip().isEmpty() || body.strip().startsWith("%")) {
                String name = matcher.group(1).toLowerCase(Locale.ROOT);
                out.append('\n').append(name.contains("method") || name.contains("approach") ? method(idea)
                        : name.contains("experiment") || name.contains("result") || name.contains("evaluation")
                        ? experiments(log, figures, charted, width)
                        : name.contains("conclusion") ? conclusion(idea, log) : other(idea)).append("\n\n");
            }
            out.append(body);
            last = bodyEnd;
        }
        return out.append(paper.substring(last)).toString();
    }

    private static String method(List<Section> idea) {
        StringBuilder out = new StringBuilder();
        for (Section section : idea) {
            if (section.level() == 2 && !NOT_METHOD.matcher(section.title()).find()) {
                // as a capable writer would: a paper's heading, not the notes' "Core idea", and the paragraph
                // the abstract already says is not said again
                boolean core = CORE_IDEA.matcher(section.title()).matches();
                String body = prose(section.body(), core ? 1 : 0);
                if (!body.isBlank()) {
                    out.append("\\subsection{").append(core ? "Overview" : LatexText.text(section.title()))
                            .append("}\n").append(body).append("\n\n");
                }
            }
        }
        return out.toString();
    }

    private static String experiments(String log, List<String[]> figures, Map<String, String> charted,
            String width) {
        List<Section> sections = MarkdownText.sections(log);
        StringBuilder out = new StringBuilder("\\subsection{Experimental Setup}\n");
        sections.stream().filter(s -> SETUP.matcher(s.title()).find()).findFirst()
                .ifPresent(s -> out.append(prose(s.body())).append("\n\n"));
        out.append("\\subsection{Results}\n");
        for (String[] figure : figures) {
            out.append("Figure~\\ref{fig:").append(figure[1]).append("} shows ")
                    .append(LatexText.text(figure[2].replaceFirst("[.]$", "")).toLowerCase(Locale.ROOT))
                    .append(".\n\\begin{figure}[t]\n\\centering\n\\includegraphics[width=").append(width)
                    .append("]{figures/")
                    .append(figure[0]).append("}\n\\caption{").append(LatexText.text(figure[2])).append("}\n\\label{fig:")
                    .append(figure[1]).append("}\n\\end{figure}\n\n");
        }
        List<MarkdownTable> tables = MarkdownTables.parse(log);
        for (MarkdownTable table : tables) {
            String label = "tab:log" + (table.index() + 1);
            String figure = charted.get(table.caption().strip());
            if (figure != null) {
                // the plan lets the chart present this table alone, as the request says
                out.append("Figure~\\ref{fig:").append(figure).append("} presents the results of this setting: ")
                        .append(LatexText.text(table.caption())).append(".\n");
            } else {
                out.append("Table~\\ref{").append(label).append("} reports results for this setting: ")
                        .append(LatexText.text(table.caption())).append(".\n").append(tabular(table, label))
                        .append('\n');
            }
            sections.stream().filter(s -> s.title().equals(table.caption())).findFirst()
                    .map(s -> MarkdownLines.items(s.body())).filter(items -> !items.isEmpty())
                    .ifPresent(items -> out.append(LatexText.markdown(String.join(" ", items))).append("\n\n"));
        }
        return out.toString();
    }

    private static String tabular(MarkdownTable table, String label) {
        StringBuilder out = new StringBuilder("\\begin{table}[t]\n\\centering\n\\caption{")
                .append(LatexText.text(table.caption())).append("}\n\\label{").append(label)
                .append("}\n\\resizebox{\\linewidth}{!}{\\begin{tabular}{l")
                .append("c".repeat(table.header().size() - 1)).append("}\n\\toprule\n");
        out.append(row(table.header())).append("\\midrule\n");
        table.rows().forEach(cells -> out.append(row(cells)));
        return out.append("\\bottomrule\n\\end{tabular}}\n\\end{table}\n").toString();
    }

    private static String row(List<String> cells) {
        return String.join(" & ", cells.stream().map(LatexText::markdown).toList()) + " \\\\\n";
    }

    private static String conclusion(List<Section> idea, String log) {
        StringBuilder out = new StringBuilder();
        MarkdownText.sections(log).stream().filter(s -> s.title().toLowerCase(Locale.ROOT).contains("notes")
                || s.title().toLowerCase(Locale.ROOT).contains("observation")).findFirst()
                .map(s -> MarkdownLines.items(s.body())).filter(items -> !items.isEmpty())
                .ifPresent(items -> out.append(LatexText.markdown(String.join(" ", items))).append("\n\n"));
        for (String wanted : List.of("contribution", "scope")) {
            idea.stream().filter(s -> s.title().toLowerCase(Locale.ROOT).contains(wanted)).findFirst()
                    .ifPresent(s -> out.append(wanted.equals("contribution")
                            ? "This paper makes the following contributions. " : "").append(prose(s.body()))
                            .append("\n\n"));
        }
        return out.toString();
    }

    private static String other(List<Section> idea) {
        return idea.stream().filter(s -> s.title().toLowerCase(Locale.ROOT).contains("why")).findFirst()
                .map(s -> prose(s.body())).orElse("");
    }

    /** A markdown body as prose: paragraphs kept, bullets joined into sentences. */
    private static String prose(String markdown) {
        return prose(markdown, 0);
    }

    /** As {@link #prose(String)}, leaving out the first {@code skip} paragraphs. */
    private static String prose(String markdown, int skip) {
        List<String> paragraphs = MarkdownText.paragraphs(markdown);
        List<String> parts = new ArrayList<>(paragraphs.subList(Math.min(skip, paragraphs.size()), paragraphs.size()));
        List<String> items = MarkdownLines.items(markdown);
        if (!items.isEmpty()) {
            parts.add(String.join(" ", items.stream().map(i -> i.strip().endsWith(".") ? i : i + ".").toList()));
        }
        return String.join("\n\n", parts.stream().map(LatexText::markdown).toList());
    }

    /** The log tables the request says a figure presents alone: caption to figure id. */
    private static Map<String, String> charted(String user) {
        Map<String, String> charted = new LinkedHashMap<>();
        Matcher matcher = CHARTED.matcher(user);
        while (matcher.find()) {
            charted.put(matcher.group(1).strip(), matcher.group(2));
        }
        return charted;
    }

    private static List<String[]> figures(String user) {
        List<String[]> figures = new ArrayList<>();
        Matcher matcher = FIGURE_LINE.matcher(between(user, "## Figures to include", "\n\n## The paper so far"));
        while (matcher.find()) {
            figures.add(new String[] {matcher.group(1), matcher.group(2), matcher.group(3).strip()});
        }
        return figures;
    }

    private static int boundary(String paper, int from) {
        Matcher next = SECTION.matcher(paper);
        int end = next.find(from) ? next.start() : paper.length();
        for (String stop : new String[] {"\\bibliography", "\\end{document}", "\\appendix"}) {
            int at = paper.indexOf(stop, from);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return end;
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        if (from < 0) {
            return "";
        }
        from += start.length();
        int to = text.indexOf(end, from);
        return to < 0 ? text.substring(from) : text.substring(from, to);
    }
}
