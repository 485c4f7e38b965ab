package dev.paperorchestra.bench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The same Markdown written the ways people write it, made from our examples by small documented rewrites so that
 * only the form changes, never the content. Each rewrite is one GFM or CommonMark form the materials must read as
 * the original form: a table is still a table, a heading still a heading, a header's arrow still an arrow.
 *
 * <ul>
 *   <li>{@link #withoutOuterPipes}: GFM tables with no leading or trailing pipe and a spaced delimiter row
 *       ({@code Method | Points} / {@code --- | ---});</li>
 *   <li>{@link #compactDelimiters}: the shortest GFM delimiter row, {@code |-|-|};</li>
 *   <li>{@link #setextHeadings}: level-1 and level-2 ATX headings ({@code # Title}, {@code ## Setup}) as CommonMark
 *       setext headings, underlined with {@code ===} and {@code ---};</li>
 *   <li>{@link #mathInHeaders}: the arrows and Greek letters of table headers as TeX math, as LaTeX users write
 *       them ({@code ↓} as {@code $\downarrow$}, {@code δ1} as {@code $\delta_1$}, the up arrow likewise);</li>
 *   <li>{@link #crlf}: Windows line ends.</li>
 * </ul>
 */
public final class MarkdownVariants {

    /** A named combination of rewrites, applied to idea.md and experimental_log.md alike. */
    public enum Variant {
        /** Tables without outer pipes. */
        PIPELESS("pipeless", MarkdownVariants::withoutOuterPipes),
        /** Setext headings, compact delimiters, math in the headers and CRLF line ends. */
        SETEXT_CRLF_MATH("setext-crlf-math", text -> crlf(mathInHeaders(compactDelimiters(setextHeadings(text)))));

        private final String suffix;
        private final UnaryOperator<String> rewrite;

        Variant(String suffix, UnaryOperator<String> rewrite) {
            this.suffix = suffix;
            this.rewrite = rewrite;
        }

        /** The suffix of the case name, e.g. {@code cvpr-sparse-depth-pipeless}. */
        public String suffix() {
            return suffix;
        }

        public String apply(String markdown) {
            return rewrite.apply(markdown);
        }
    }

    private static final Pattern ATX = Pattern.compile("^(#{1,2})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HEADER_MATH = Pattern.compile("↓|↑|δ1|δ");

    private MarkdownVariants() {
    }

    /** Every pipe table row loses its leading and trailing pipe; the delimiter row becomes {@code --- | ---}. */
    public static String withoutOuterPipes(String markdown) {
        return mapLines(markdown, line -> {
            if (!isTableRow(line)) {
                return line;
            }
            List<String> cells = cells(line);
            if (isDelimiterRow(line)) {
                return String.join(" | ", cells.stream().map(cell -> "---").toList());
            }
            return String.join(" | ", cells);
        });
    }

    /** Every delimiter row becomes {@code |-|-|...|}. */
    public static String compactDelimiters(String markdown) {
        return mapLines(markdown, line -> isTableRow(line) && isDelimiterRow(line)
                ? "|" + "-|".repeat(cells(line).size()) : line);
    }

    /** {@code # Title} becomes {@code Title} over {@code =====}, {@code ## Part} becomes {@code Part} over {@code -----}. */
    public static String setextHeadings(String markdown) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            }
            Matcher atx = ATX.matcher(line);
            if (!fenced && atx.matches()) {
                String title = atx.group(2);
                String underline = (atx.group(1).length() == 1 ? "=" : "-").repeat(Math.max(3, title.length()));
                // a setext heading cannot follow a paragraph line directly: it would underline the paragraph
                if (!out.isEmpty() && !out.getLast().isBlank()) {
                    out.add("");
                }
                out.add(title);
                out.add(underline);
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out);
    }

    /** In every table header row, the arrows and delta become TeX math: {@code ↓} is {@code $\downarrow$}, and so on. */
    public static String mathInHeaders(String markdown) {
        List<String> lines = List.of(markdown.split("\n", -1));
        List<String> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean header = isTableRow(line) && !isDelimiterRow(line) && i + 1 < lines.size()
                    && isTableRow(lines.get(i + 1)) && isDelimiterRow(lines.get(i + 1));
            out.add(header ? HEADER_MATH.matcher(line).replaceAll(match -> Matcher.quoteReplacement(switch (match.group()) {
                case "↓" -> "$\\downarrow$";
                case "↑" -> "$\\uparrow$";
                case "δ1" -> "$\\delta_1$";
                default -> "$\\delta$";
            })) : line);
        }
        return String.join("\n", out);
    }

    /** Every line ends with CR LF. */
    public static String crlf(String markdown) {
        return markdown.replace("\r\n", "\n").replace("\n", "\r\n");
    }

    static boolean isTableRow(String line) {
        String stripped = line.strip();
        return stripped.startsWith("|") && stripped.endsWith("|") && stripped.length() > 1;
    }

    static boolean isDelimiterRow(String line) {
        return line.strip().matches("\\|?(\\s*:?-+:?\\s*\\|)+\\s*:?-*:?\\s*\\|?");
    }

    /** The cells of a row with outer pipes, stripped. */
    static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.length() - 1);
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("\\|", -1)) {
            cells.add(cell.strip());
        }
        return cells;
    }

    private static String mapLines(String markdown, UnaryOperator<String> map) {
        return String.join("\n", List.of(markdown.split("\n", -1)).stream().map(map).toList());
    }
}
