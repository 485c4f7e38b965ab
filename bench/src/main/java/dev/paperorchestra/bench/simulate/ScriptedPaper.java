package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The paper a capable model writes for the writer's request: it reads idea.md, experimental_log.md and the
 * figure list from the request and completes the paper so far with the paper's own title, an abstract, a method
 * built from the idea's content, the experiments with every log table exactly as logged (booktabs) unless the
 * request says a figure presents it alone (then a sentence pointing to the figure), a sentence
 * per result, every figure placed and referenced, and a conclusion from the log's observations and the idea's
 * contributions and scope. It writes no number the materials do not hold and cites nothing itself. The materials
 * are read by the paper model ({@link MarkdownDocument}: every heading and table shape), the paper by
 * {@link TexDocument}, and edited by span ({@link TexEdits}).
 */
final class ScriptedPaper {

    /** Labels a title line may carry before the title ("Research idea: ..."). */
    private static final List<String> TITLE_LABELS = List.of("research idea", "idea summary", "idea", "working title");
    /** Heading words of the idea's parts that are not the method. */
    private static final List<String> NOT_METHOD = List.of("problem", "contribution", "scope", "limitation");
    private static final String FIGURE_LINE = "- figures/";
    private static final String CHARTED = "\" is presented by figure ";

    private ScriptedPaper() {
    }

    /** The completed paper for a write request's user prompt. */
    static String write(String user, String paper) {
        Prompt.Materials materials = Prompt.Materials.in(user).orElse(new Prompt.Materials("", ""));
        MarkdownDocument idea = MarkdownDocument.parse(materials.idea());
        MarkdownDocument log = MarkdownDocument.parse(materials.experimentalLog());
        String title = idea.title().map(ScriptedPaper::withoutLabel).orElse("");
        TexDocument tex = TexDocument.parse(paper);
        TexEdits edits = TexEdits.of(tex);
        if (!title.isEmpty()) {
            tex.title().ifPresent(command -> edits.replace(command.span(), "\\title{" + LatexText.text(title) + "}"));
        }
        tex.abstractContent().ifPresent(span -> edits.replace(span, "\n" + abstractText(idea) + "\n"));
        // a figure fills a column of a two-column paper, but only part of a single column's width
        String width = paper.contains("twocolumn") ? "\\linewidth" : "0.6\\linewidth";
        fill(tex, edits, idea, log, figures(user), charted(user), width);
        return edits.apply();
    }

    private static String withoutLabel(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        for (String label : TITLE_LABELS) {
            if (lower.startsWith(label) && title.substring(label.length()).stripLeading().startsWith(":")) {
                return title.substring(title.indexOf(':', label.length()) + 1).strip();
            }
        }
        return title;
    }

    private static String abstractText(MarkdownDocument idea) {
        List<String> paragraphs = new ArrayList<>();
        for (String wanted : List.of("problem", "core idea")) {
            section(idea, wanted).map(ScriptedPaper::paragraphs).filter(p -> !p.isEmpty())
                    .ifPresent(p -> paragraphs.add(p.getFirst()));
        }
        return String.join(" ", paragraphs);
    }

    /** Fills every empty top-level section (or one holding only a comment) by its role. */
    private static void fill(TexDocument paper, TexEdits edits, MarkdownDocument idea, MarkdownDocument log,
            List<String[]> figures, Map<String, String> charted, String width) {
        for (TexSection section : paper.sections()) {
            String body = paper.text(section.body()).strip();
            if (section.level() != 1 || !body.isEmpty() && !body.startsWith("%")) {
                continue;
            }
            String content = switch (section.role()) {
                case METHOD -> method(idea);
                case EXPERIMENTS -> experiments(log, figures, charted, width);
                case CONCLUSION -> conclusion(idea, log);
                default -> other(idea);
            };
            edits.insert(section.heading().end(), "\n" + content + "\n\n");
        }
    }

    private static String method(MarkdownDocument idea) {
        StringBuilder out = new StringBuilder();
        int top = idea.sections().stream().mapToInt(MdSection::level).filter(level -> level > 1).min().orElse(2);
        for (MdSection section : idea.sections()) {
            if (section.level() == top && !hasWord(section.title(), NOT_METHOD)) {
                // as a capable writer would: a paper's heading, not the notes' "Core idea", and the paragraph
                // the abstract already says is not said again
                boolean core = Prose.normalised(section.title()).equals("core idea");
                String body = prose(section, core ? 1 : 0);
                if (!body.isBlank()) {
                    out.append("\\subsection{").append(core ? "Overview" : LatexText.text(section.title()))
                            .append("}\n").append(body).append("\n\n");
                }
            }
        }
        return out.toString();
    }

    private static String experiments(MarkdownDocument log, List<String[]> figures, Map<String, String> charted,
            String width) {
        StringBuilder out = new StringBuilder("\\subsection{Experimental Setup}\n");
        log.sections().stream().filter(s -> hasWord(s.title(), List.of("setup", "set"))).findFirst()
                .ifPresent(s -> out.append(prose(s, 0)).append("\n\n"));
        out.append("\\subsection{Results}\n");
        for (String[] figure : figures) {
            String caption = figure[2].endsWith(".") ? figure[2].substring(0, figure[2].length() - 1) : figure[2];
            out.append("Figure~\\ref{fig:").append(figure[1]).append("} shows ")
                    .append(LatexText.text(caption).toLowerCase(Locale.ROOT))
                    .append(".\n\\begin{figure}[t]\n\\centering\n\\includegraphics[width=").append(width)
                    .append("]{figures/")
                    .append(figure[0]).append("}\n\\caption{").append(LatexText.text(figure[2])).append("}\n\\label{fig:")
                    .append(figure[1]).append("}\n\\end{figure}\n\n");
        }
        List<MarkdownTable> tables = log.tables().stream().map(MarkdownTables::of).toList();
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
            log.sections().stream().filter(s -> s.title().equals(table.caption())).findFirst()
                    .map(ScriptedPaper::items).filter(items -> !items.isEmpty())
                    .ifPresent(items -> out.append(String.join(" ", items)).append("\n\n"));
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
        return String.join(" & ", cells.stream().map(cell -> MarkdownDocument.inline(cell).latex()).toList())
                + " \\\\\n";
    }

    private static String conclusion(MarkdownDocument idea, MarkdownDocument log) {
        StringBuilder out = new StringBuilder();
        log.sections().stream().filter(s -> hasWord(s.title(), List.of("notes", "observation"))).findFirst()
                .map(ScriptedPaper::items).filter(items -> !items.isEmpty())
                .ifPresent(items -> out.append(String.join(" ", items)).append("\n\n"));
        for (String wanted : List.of("contribution", "scope")) {
            section(idea, wanted).ifPresent(s -> out.append(wanted.equals("contribution")
                    ? "This paper makes the following contributions. " : "").append(prose(s, 0)).append("\n\n"));
        }
        return out.toString();
    }

    private static String other(MarkdownDocument idea) {
        return section(idea, "why").map(s -> prose(s, 0)).orElse("");
    }

    /** The first section whose title holds a word starting so ("contribution" in "Expected Contributions"). */
    private static Optional<MdSection> section(MarkdownDocument document, String wanted) {
        return document.sections().stream().filter(s -> Prose.normalised(s.title()).contains(wanted)).findFirst();
    }

    private static boolean hasWord(String title, List<String> stems) {
        for (String word : Prose.normalised(title).split(" ")) {
            if (stems.stream().anyMatch(word::startsWith)) {
                return true;
            }
        }
        return false;
    }

    /** A section as prose in LaTeX: its paragraphs kept (leaving out the first {@code skip}), its items joined. */
    private static String prose(MdSection section, int skip) {
        List<String> paragraphs = paragraphs(section);
        List<String> parts = new ArrayList<>(paragraphs.subList(Math.min(skip, paragraphs.size()), paragraphs.size()));
        List<String> items = items(section);
        if (!items.isEmpty()) {
            parts.add(String.join(" ", items.stream().map(item -> item.endsWith(".") ? item : item + ".").toList()));
        }
        return String.join("\n\n", parts);
    }

    /** The section's paragraphs outside lists, as LaTeX. */
    private static List<String> paragraphs(MdSection section) {
        return section.blocks().stream().filter(MdBlock.Paragraph.class::isInstance)
                .map(block -> ((MdBlock.Paragraph) block).text().latex()).filter(text -> !text.isBlank()).toList();
    }

    /** The section's list items, nested ones after their parent, as LaTeX. */
    private static List<String> items(MdSection section) {
        return section.items().stream().map(MdBlock.ListItem::text).map(InlineText::latex)
                .filter(text -> !text.isBlank()).toList();
    }

    /** The log tables the request says a figure presents alone: caption to figure id. */
    private static Map<String, String> charted(String user) {
        Map<String, String> charted = new LinkedHashMap<>();
        for (String line : user.lines().toList()) {
            int figure = line.indexOf(CHARTED);
            if (line.startsWith("- \"") && figure > 3 && line.indexOf(": do not typeset it", figure) > 0) {
                String rest = line.substring(figure + CHARTED.length());
                charted.put(line.substring(3, figure).strip(), rest.substring(0, rest.indexOf(':')));
            }
        }
        return charted;
    }

    /** "- figures/&lt;file&gt; (id &lt;id&gt;, ...): &lt;caption&gt;" lines of the request: file, id, caption. */
    private static List<String[]> figures(String user) {
        List<String[]> figures = new ArrayList<>();
        for (String line : between(user, "## Figures to include", "\n\n## The paper so far").lines().toList()) {
            int open = line.indexOf(" (id ");
            int close = line.indexOf("): ", Math.max(open, 0));
            if (line.startsWith(FIGURE_LINE) && open > FIGURE_LINE.length() && close > open) {
                String id = line.substring(open + 5, close);
                int idEnd = 0;
                while (idEnd < id.length() && (Character.isLetterOrDigit(id.charAt(idEnd)) || "_-".indexOf(id.charAt(idEnd)) >= 0)) {
                    idEnd++;
                }
                figures.add(new String[] {line.substring(FIGURE_LINE.length(), open), id.substring(0, idEnd),
                        line.substring(close + 3).strip()});
            }
        }
        return figures;
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
