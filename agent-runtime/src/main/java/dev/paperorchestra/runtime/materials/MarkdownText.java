package dev.paperorchestra.runtime.materials;

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

    public static List<String> bullets(String markdown) {
        return markdown.lines()
                .map(String::strip)
                .filter(line -> line.matches("^([-*+]|\\d+[.)])\\s+.*"))
                .map(line -> plain(line.replaceFirst("^([-*+]|\\d+[.)])\\s+", "")))
                .toList();
    }

    /** Paragraphs that are neither headings, bullets nor tables. */
    public static List<String> paragraphs(String markdown) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : (markdown + "\n\n").lines().toList()) {
            String stripped = line.strip();
            boolean prose = !stripped.isEmpty() && headingLevel(stripped) == 0 && !stripped.startsWith("|")
                    && !stripped.matches("^([-*+]|\\d+[.)])\\s+.*");
            if (prose) {
                current.append(current.isEmpty() ? "" : " ").append(stripped);
            } else if (!current.isEmpty()) {
                paragraphs.add(plain(current.toString()));
                current.setLength(0);
            }
        }
        return paragraphs;
    }

    static int headingLevel(String line) {
        String stripped = line.strip();
        int level = 0;
        while (level < stripped.length() && stripped.charAt(level) == '#') {
            level++;
        }
        return level > 0 && level < stripped.length() && stripped.charAt(level) == ' ' ? level : 0;
    }
}
