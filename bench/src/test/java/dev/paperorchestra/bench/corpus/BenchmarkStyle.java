package dev.paperorchestra.bench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our CVPR example rewritten in the material style of PaperWritingBench, the reference method's benchmark, as the
 * issue describes it: no file of that benchmark could be found in a public repository, so this is a conversion of
 * our own example, never a copy of theirs (the corpus README says so). Only the form changes:
 *
 * <ul>
 *   <li>the idea has no title line; its sections are bold lines, not Markdown headings, under the benchmark's
 *       names ({@code **Problem Statement**}, {@code **Core Hypothesis**},
 *       {@code **Proposed Methodology (High-Level Technical Approach)**}, {@code **Expected Contribution**});</li>
 *   <li>the log's level-2 headings are bold lines too ({@code **Setup**}); the table captions stay level-3
 *       headings;</li>
 *   <li>every table header cell is bold, and its arrows and Greek letters are TeX math ({@code **AbsRel
 *       $\downarrow$**}, {@code **$\delta_1$**} and the up arrow likewise);</li>
 *   <li>the rows of the ablation table are numbered the way the benchmark's logs number variants
 *       ({@code (3) - Without confidence weighting}).</li>
 * </ul>
 */
public final class BenchmarkStyle {

    /** Our idea's section names and the benchmark's. */
    private static final Map<String, String> IDEA_SECTIONS = Map.of(
            "Problem", "Problem Statement",
            "Why it should work", "Core Hypothesis",
            "Core idea", "Proposed Methodology (High-Level Technical Approach)",
            "Contributions", "Expected Contribution");
    /** The idea's bold headings: none of them may become the paper's title. */
    public static final List<String> IDEA_HEADINGS = List.of("Problem Statement", "Core Hypothesis",
            "Proposed Methodology (High-Level Technical Approach)", "Expected Contribution", "Scope");
    /** The caption of the table whose rows get numbered. */
    public static final String NUMBERED_TABLE = "Ablation of GlimpseDepth components on NYU Depth v2";

    private static final Pattern HEADING = Pattern.compile("^(#{1,2})\\s+(.*?)\\s*$");

    private BenchmarkStyle() {
    }

    /** The idea without a title line, its sections as bold lines under the benchmark's names. */
    public static String idea(String idea) {
        List<String> out = new ArrayList<>();
        for (String line : idea.split("\n", -1)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches() && heading.group(1).length() == 1) {
                continue;
            }
            if (heading.matches()) {
                out.add("**" + IDEA_SECTIONS.getOrDefault(heading.group(2), heading.group(2)) + "**");
            } else {
                out.add(line);
            }
        }
        while (!out.isEmpty() && out.getFirst().isBlank()) {
            out.removeFirst();
        }
        return String.join("\n", out);
    }

    /** The log with bold section lines, bold math headers and numbered ablation rows. */
    public static String log(String log) {
        List<String> lines = List.of(MarkdownVariants.mathInHeaders(log).split("\n", -1));
        List<String> out = new ArrayList<>();
        String caption = "";
        int row = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher heading = HEADING.matcher(line);
            if (heading.matches() && heading.group(1).length() == 2) {
                out.add("**" + heading.group(2) + "**");
                continue;
            }
            if (line.startsWith("### ")) {
                caption = line.substring(4).strip();
                row = 0;
            }
            boolean header = MarkdownVariants.isTableRow(line) && !MarkdownVariants.isDelimiterRow(line)
                    && i + 1 < lines.size() && MarkdownVariants.isDelimiterRow(lines.get(i + 1));
            boolean body = MarkdownVariants.isTableRow(line) && !MarkdownVariants.isDelimiterRow(line) && !header;
            if (header) {
                out.add(row(MarkdownVariants.cells(line).stream().map(cell -> "**" + cell + "**").toList()));
            } else if (body && caption.equals(NUMBERED_TABLE)) {
                List<String> cells = new ArrayList<>(MarkdownVariants.cells(line));
                cells.set(0, "(" + ++row + ") - " + cells.getFirst());
                out.add(row(cells));
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out);
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells) + " |";
    }
}
