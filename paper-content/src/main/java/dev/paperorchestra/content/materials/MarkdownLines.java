package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Line-level markdown reading, matching how {@link MarkdownText} and {@link MarkdownTables} read, for what they
 * do not offer: bullets and paragraphs in document order as one list of statements, bullet lines with their
 * indentation kept (the setup's nesting), the line a table starts on, and list items as written (decorations
 * kept) for writers that render them. Shared by every agent so they all read the materials alike.
 */
public final class MarkdownLines {

    private static final Pattern BULLET = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+.*$");
    private static final Pattern BULLET_MARK = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+");
    private static final Pattern ITEM = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+(.*)$");
    private static final Pattern HEADING = Pattern.compile("^\\s*#{1,6}\\s+.*");

    /**
     * A run of list items starting at a line.
     *
     * @param items    the items as written (markdown decorations kept), wrapped lines joined
     * @param numbered true for a numbered list
     * @param end      the index of the first line after the run
     */
    public record ItemRun(List<String> items, boolean numbered, int end) {

        public ItemRun {
            items = List.copyOf(items);
        }
    }

    private MarkdownLines() {
    }

    /** 1 for {@code # x}, 2 for {@code ## x}, ...; 0 when the line is not a heading. */
    public static int headingLevel(String line) {
        String stripped = line.strip();
        int level = 0;
        while (level < stripped.length() && stripped.charAt(level) == '#') {
            level++;
        }
        return level > 0 && level < stripped.length() && stripped.charAt(level) == ' ' ? level : 0;
    }

    public static boolean isTableRow(String line) {
        String stripped = line.strip();
        return stripped.startsWith("|") && stripped.length() > 1;
    }

    public static boolean isTableSeparator(String line) {
        return line.strip().matches("^\\|?(\\s*:?-{3,}:?\\s*\\|)+\\s*:?-{0,}:?\\s*\\|?$");
    }

    public static boolean isBullet(String line) {
        return BULLET.matcher(line).matches();
    }

    /** The lines with every wrapped continuation of a bullet appended to the bullet's own line. */
    public static List<String> joinWrappedBullets(List<String> lines) {
        List<String> joined = new ArrayList<>();
        boolean inBullet = false;
        for (String line : lines) {
            boolean text = !line.isBlank() && headingLevel(line) == 0 && !isTableRow(line) && !isBullet(line);
            if (inBullet && text) {
                joined.set(joined.size() - 1, joined.getLast() + " " + line.strip());
                continue;
            }
            inBullet = isBullet(line);
            joined.add(line);
        }
        return joined;
    }

    /** Bullets and paragraphs of a markdown body in order, as plain text; headings and tables left out. */
    public static List<String> statements(String body) {
        MarkdownDocument document = MarkdownDocument.parse(body);
        List<String> statements = new ArrayList<>();
        collect(document.blocks(), statements);
        return statements;
    }

    private static void collect(List<MdBlock> blocks, List<String> statements) {
        for (MdBlock block : blocks) {
            if (block instanceof MdBlock.Paragraph paragraph && !paragraph.text().isEmpty()) {
                statements.add(paragraph.text().plainWithTexMath());
            } else if (block instanceof MdBlock.ListBlock list) {
                for (MdBlock.ListItem item : list.items()) {
                    if (!item.text().isEmpty()) {
                        statements.add(item.text().plainWithTexMath());
                    }
                    collect(item.blocks(), statements);
                }
            } else if (block instanceof MdBlock.Quote quote) {
                collect(quote.blocks(), statements);
            }
        }
    }

    /** Every list item of the markdown, in order, as written (decorations kept), wrapped lines joined. */
    public static List<String> items(String markdown) {
        return MarkdownDocument.parse(markdown).items().stream()
                .map(item -> item.text().source().replaceAll("\\s*\\R\\s*", " ").strip())
                .filter(text -> !text.isEmpty()).toList();
    }

    /** The run of list items starting at {@code start} (which must be an item line). */
    public static ItemRun itemRun(List<String> lines, int start) {
        boolean numbered = ITEM.matcher(lines.get(start)).replaceFirst("$1").matches("\\d+[.)]");
        List<String> items = new ArrayList<>();
        int i = start;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher item = ITEM.matcher(line);
            if (item.matches()) {
                items.add(item.group(2).strip());
            } else if (continuesItem(line) && !items.isEmpty()) {
                items.set(items.size() - 1, items.getLast() + " " + line.strip());
            } else {
                break;
            }
            i++;
        }
        return new ItemRun(items, numbered, i);
    }

    /** A wrapped item line: running text, not a heading, table row, display-math or code fence. */
    private static boolean continuesItem(String line) {
        String stripped = line.strip();
        return !stripped.isEmpty() && !HEADING.matcher(line).matches() && !stripped.startsWith("|")
                && !stripped.startsWith("$$") && !stripped.startsWith("```");
    }
}
