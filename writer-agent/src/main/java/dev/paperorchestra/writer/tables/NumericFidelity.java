package dev.paperorchestra.writer.tables;

import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that every number of the log's tables is in the LaTeX exactly as logged: each digit string of each
 * cell (header included) must occur as a whole number (not as part of a longer one).
 */
public final class NumericFidelity {

    private static final Pattern DIGITS = Pattern.compile("\\d+(?:[.,]\\d+)*");

    private NumericFidelity() {
    }

    /**
     * @param checked how many digit strings were looked for
     * @param missing the ones not found, as {@code "<table caption>: <digits>"}
     */
    public record Report(int checked, List<String> missing) {

        public Report {
            missing = List.copyOf(missing);
        }

        public boolean exact() {
            return missing.isEmpty();
        }

        public int found() {
            return checked - missing.size();
        }
    }

    public static Report check(List<MarkdownTable> tables, String tex) {
        int checked = 0;
        List<String> missing = new ArrayList<>();
        for (MarkdownTable table : tables) {
            List<List<String>> cells = new ArrayList<>();
            cells.add(table.header());
            cells.addAll(table.rows());
            for (List<String> row : cells) {
                for (String cell : row) {
                    Matcher digits = DIGITS.matcher(cell);
                    while (digits.find()) {
                        checked++;
                        if (!occurs(tex, digits.group())) {
                            missing.add(table.caption() + ": " + digits.group());
                        }
                    }
                }
            }
        }
        return new Report(checked, missing);
    }

    private static boolean occurs(String tex, String digits) {
        return Pattern.compile("(?<![\\d.,])" + Pattern.quote(digits) + "(?![\\d]|[.,]\\d)").matcher(tex).find();
    }
}
