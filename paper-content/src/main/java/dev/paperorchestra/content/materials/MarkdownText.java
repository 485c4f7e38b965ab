package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.List;

/** Reading markdown the way the materials use it: headings with their bodies, bullet lists, plain text. */
public final class MarkdownText {

    /** A heading and the text under it up to the next heading of the same or a higher level. */
    public record Section(int level, String title, String body) {

        public List<String> bullets() {
            return MarkdownText.bullets(body);
        }
    }

    private MarkdownText() {
    }

    /** Markdown emphasis, code and links removed; what a reader sees. */
    public static String plain(String text) {
        return text.replace("**", "").replace("__", "").replace("`", "")
                .replaceAll("(?<![\\w*])\\*(?!\\s)([^*]+)(?<!\\s)\\*(?![\\w*])", "$1")
                .replaceAll("\\[([^\\]]+)]\\([^)]*\\)", "$1")
                .strip();
    }

    public static List<Section> sections(String markdown) {
        List<String> lines = markdown.lines().toList();
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int level = headingLevel(lines.get(i));
            if (level == 0) {
                continue;
            }
            StringBuilder body = new StringBuilder();
            for (int j = i + 1; j < lines.size(); j++) {
                int next = headingLevel(lines.get(j));
                if (next > 0 && next <= level) {
                    break;
                }
                body.append(lines.get(j)).append('\n');
            }
            sections.add(new Section(level, plain(lines.get(i).replaceFirst("^#+", "")), body.toString().strip()));
        }
        return sections;
    }

    /** Bullet items, each with the lines it wraps onto joined to it. */
    public static List<String> bullets(String markdown) {
        List<String> bullets = new ArrayList<>();
        StringBuilder current = null;
        for (String line : markdown.lines().map(String::strip).toList()) {
            if (isBullet(line)) {
                if (current != null) {
                    bullets.add(plain(current.toString()));
                }
                current = new StringBuilder(line.replaceFirst("^([-*+]|\\d+[.)])\\s+", ""));
            } else if (current != null && isContinuation(line)) {
                current.append(' ').append(line);
            } else if (current != null) {
                bullets.add(plain(current.toString()));
                current = null;
            }
        }
        if (current != null) {
            bullets.add(plain(current.toString()));
        }
        return bullets;
    }

    /** Paragraphs that are neither headings, bullets (nor the lines bullets wrap onto) nor tables. */
    public static List<String> paragraphs(String markdown) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inBullet = false;
        for (String line : (markdown + "\n\n").lines().map(String::strip).toList()) {
            if (isBullet(line)) {
                inBullet = true;
            } else if (line.isEmpty() || !isContinuation(line)) {
                inBullet = false;
            }
            boolean prose = !inBullet && isContinuation(line);
            if (prose) {
                current.append(current.isEmpty() ? "" : " ").append(line);
            } else if (!current.isEmpty()) {
                paragraphs.add(plain(current.toString()));
                current.setLength(0);
            }
        }
        return paragraphs;
    }

    private static boolean isBullet(String stripped) {
        return stripped.matches("^([-*+]|\\d+[.)])\\s+.*");
    }

    /** A line of running text: not blank, not a heading, bullet or table row. */
    private static boolean isContinuation(String stripped) {
        return !stripped.isEmpty() && headingLevel(stripped) == 0 && !stripped.startsWith("|") && !isBullet(stripped);
    }

    static int headingLevel(String line) {
        return MarkdownLines.headingLevel(line);
    }
}
