package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.tex.LatexMath;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A block of markdown from the materials as LaTeX body text: paragraphs, bullet and numbered lists, display math
 * ({@code $$...$$}) and code fences; nested headings become {@code \paragraph}s. Pipe tables are left out (the
 * writer sets the log's tables as floats of their own), and so is a heading left with nothing under it.
 */
final class MarkdownBlocks {

    private static final Pattern RULE = Pattern.compile("^([-*_]\\s*){3,}$");
    private static final Pattern HEADING = Pattern.compile("^\\s*#{1,6}\\s+.*");
    /** A line that is only bold text, e.g. {@code **Datasets**}: used as a run-in heading. */
    private static final Pattern BOLD_LINE = Pattern.compile("^\\*\\*[^*]+\\*\\*:?$");

    private MarkdownBlocks() {
    }

    static String render(String markdown) {
        List<String> lines = markdown.lines().toList();
        StringBuilder out = new StringBuilder();
        List<String> paragraph = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            String stripped = line.strip();
            boolean skipped = stripped.isEmpty() || stripped.startsWith("|") || RULE.matcher(stripped).matches();
            boolean heading = HEADING.matcher(line).matches() || BOLD_LINE.matcher(stripped).matches();
            boolean item = MarkdownLines.isBullet(line);
            if (skipped || heading || item || stripped.startsWith("$$") || stripped.startsWith("```")) {
                flush(paragraph, out);
            }
            if (skipped) {
                i++;
            } else if (heading) {
                String title = MarkdownText.plain(stripped.replaceFirst("^#+\\s*", "")).replaceFirst("[:.]$", "");
                // the materials' own headings ("Method in brief") are no headings of the paper
                if (hasContentBeforeNextHeading(lines, i + 1) && !MaterialsHeadings.isGeneric(title)) {
                    out.append("\\paragraph{").append(LatexText.markdown(title)).append(".}\n");
                }
                i++;
            } else if (item) {
                i = list(lines, i, out);
            } else if (stripped.startsWith("$$")) {
                i = displayMath(lines, i, out);
            } else if (stripped.startsWith("```")) {
                i = code(lines, i, out);
            } else {
                paragraph.add(stripped.replaceFirst("^>\\s*", ""));
                i++;
            }
        }
        flush(paragraph, out);
        return out.toString().strip();
    }

    /** True when some markdown in this block would be kept as LaTeX math. */
    static boolean hasMath(String markdown) {
        return markdown.contains("$$") || LatexText.hasMath(markdown);
    }

    private static void flush(List<String> paragraph, StringBuilder out) {
        if (!paragraph.isEmpty()) {
            out.append(LatexText.markdown(String.join(" ", paragraph))).append("\n\n");
            paragraph.clear();
        }
    }

    private static boolean hasContentBeforeNextHeading(List<String> lines, int from) {
        for (int j = from; j < lines.size(); j++) {
            String stripped = lines.get(j).strip();
            if (HEADING.matcher(lines.get(j)).matches()) {
                return false;
            }
            if (!stripped.isEmpty() && !stripped.startsWith("|")) {
                return true;
            }
        }
        return false;
    }

    private static int list(List<String> lines, int start, StringBuilder out) {
        MarkdownLines.ItemRun run = MarkdownLines.itemRun(lines, start);
        String environment = run.numbered() ? "enumerate" : "itemize";
        out.append("\\begin{").append(environment).append("}\n");
        run.items().forEach(item -> out.append("  \\item ").append(LatexText.markdown(item)).append('\n'));
        out.append("\\end{").append(environment).append("}\n\n");
        return run.end();
    }

    private static int displayMath(List<String> lines, int start, StringBuilder out) {
        StringBuilder math = new StringBuilder(lines.get(start).strip().substring(2));
        int i = start;
        while (!closesMath(math) && i + 1 < lines.size()) {
            i++;
            math.append('\n').append(lines.get(i).strip());
        }
        String body = math.toString().strip();
        body = body.endsWith("$$") ? body.substring(0, body.length() - 2).strip() : body;
        String formula = body;
        LatexMath.whitelisted(formula).ifPresentOrElse(
                allowed -> out.append("\\[\n").append(allowed).append("\n\\]\n\n"),
                () -> out.append(LatexText.text("$$" + formula + "$$")).append("\n\n"));
        return i + 1;
    }

    private static boolean closesMath(StringBuilder math) {
        return math.toString().strip().endsWith("$$");
    }

    private static int code(List<String> lines, int start, StringBuilder out) {
        out.append("\\begin{verbatim}\n");
        int i = start + 1;
        while (i < lines.size() && !lines.get(i).strip().startsWith("```")) {
            // a line that ends the environment would let the rest of the block run as TeX
            out.append(lines.get(i).replace("\\end{verbatim}", "\\end {verbatim}")).append('\n');
            i++;
        }
        out.append("\\end{verbatim}\n\n");
        return i + 1;
    }
}
