package dev.paperorchestra.writer.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * List items of markdown with their wrapped continuation lines (a bullet written over two lines is one item),
 * which the materials use for every long statement.
 */
final class MarkdownItems {

    private static final Pattern ITEM = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+(.*)$");
    private static final Pattern HEADING = Pattern.compile("^\\s*#{1,6}\\s+.*");

    private MarkdownItems() {
    }

    /** A run of items starting at a line, and the index of the first line after it. */
    record Run(List<String> items, boolean numbered, int end) {
    }

    static boolean isItem(String line) {
        return ITEM.matcher(line).matches();
    }

    /** Every item of the markdown, in order, as written (markdown decorations kept). */
    static List<String> all(String markdown) {
        List<String> lines = markdown.lines().toList();
        List<String> items = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (isItem(lines.get(i))) {
                Run run = run(lines, i);
                items.addAll(run.items());
                i = run.end();
            } else {
                i++;
            }
        }
        return items;
    }

    static Run run(List<String> lines, int start) {
        boolean numbered = ITEM.matcher(lines.get(start)).replaceFirst("$1").matches("\\d+[.)]");
        List<String> items = new ArrayList<>();
        int i = start;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher item = ITEM.matcher(line);
            if (item.matches()) {
                items.add(item.group(2).strip());
            } else if (continues(line) && !items.isEmpty()) {
                items.set(items.size() - 1, items.getLast() + " " + line.strip());
            } else {
                break;
            }
            i++;
        }
        return new Run(items, numbered, i);
    }

    private static boolean continues(String line) {
        String stripped = line.strip();
        return !stripped.isEmpty() && !HEADING.matcher(line).matches() && !stripped.startsWith("|")
                && !stripped.startsWith("$$") && !stripped.startsWith("```");
    }
}
