package dev.paperorchestra.outline.plan;

import dev.paperorchestra.runtime.materials.MarkdownText;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Line-level markdown reading, matching how the runtime's {@code MarkdownText} and {@code MarkdownTables}
 * read, for what they do not offer: bullets and paragraphs in document order as one list of statements,
 * bullet lines with their indentation kept (the setup's nesting), and the line a table starts on.
 */
final class MarkdownLines {

    private static final Pattern BULLET = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+.*$");
    private static final Pattern BULLET_MARK = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+");

    private MarkdownLines() {
    }

    /** 1 for {@code # x}, 2 for {@code ## x}, ...; 0 when the line is not a heading. */
    static int headingLevel(String line) {
        String stripped = line.strip();
        int level = 0;
        while (level < stripped.length() && stripped.charAt(level) == '#') {
            level++;
        }
        return level > 0 && level < stripped.length() && stripped.charAt(level) == ' ' ? level : 0;
    }

    static boolean isTableRow(String line) {
        String stripped = line.strip();
        return stripped.startsWith("|") && stripped.length() > 1;
    }

    static boolean isTableSeparator(String line) {
        return line.strip().matches("^\\|?(\\s*:?-{3,}:?\\s*\\|)+\\s*:?-{0,}:?\\s*\\|?$");
    }

    static boolean isBullet(String line) {
        return BULLET.matcher(line).matches();
    }

    /** The lines with every wrapped continuation of a bullet appended to the bullet's own line. */
    static List<String> joinWrappedBullets(List<String> lines) {
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
    static List<String> statements(String body) {
        List<String> statements = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        for (String line : joinWrappedBullets(body.lines().toList())) {
            boolean prose = !line.isBlank() && headingLevel(line) == 0 && !isTableRow(line) && !isBullet(line);
            if (prose) {
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(line.strip());
                continue;
            }
            if (!paragraph.isEmpty()) {
                statements.add(MarkdownText.plain(paragraph.toString()));
                paragraph.setLength(0);
            }
            if (isBullet(line)) {
                statements.add(MarkdownText.plain(BULLET_MARK.matcher(line).replaceFirst("")));
            }
        }
        if (!paragraph.isEmpty()) {
            statements.add(MarkdownText.plain(paragraph.toString()));
        }
        return statements;
    }
}
