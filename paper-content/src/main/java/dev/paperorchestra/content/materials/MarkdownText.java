package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Markdown read through the paper model ({@link MarkdownDocument}): headings with the source under them, bullet
 * items, paragraphs and inline text as a reader sees it. Every reading follows the model's rules (ATX, setext and
 * bold-line headings; GFM tables; math kept as written).
 */
public final class MarkdownText {

    /** A heading and the text under it up to the next heading of the same or a higher level, as written. */
    public record Section(int level, String title, String body) {

        public List<String> bullets() {
            return MarkdownText.bullets(body);
        }
    }

    private MarkdownText() {
    }

    /** Markdown emphasis, code and links removed; math kept as written; what a reader sees. */
    public static String plain(String text) {
        return MarkdownDocument.inline(text).plainWithTexMath();
    }

    public static List<Section> sections(String markdown) {
        MarkdownDocument document = MarkdownDocument.parse(markdown);
        List<String> lines = markdown.replace("\r\n", "\n").lines().toList();
        List<MdBlock.Heading> headings = document.headings();
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < headings.size(); i++) {
            MdBlock.Heading heading = headings.get(i);
            int end = lines.size();
            for (int j = i + 1; j < headings.size(); j++) {
                if (headings.get(j).level() <= heading.level()) {
                    end = headings.get(j).line() - 1;
                    break;
                }
            }
            int bodyStart = bodyStart(heading, lines);
            String body = bodyStart < end ? String.join("\n", lines.subList(bodyStart, Math.min(end, lines.size())))
                    : "";
            sections.add(new Section(heading.level(), heading.title(), withoutSetextUnderline(body).strip()));
        }
        return sections;
    }

    /** The 0-based line after a heading (after its underline, for a setext heading). */
    private static int bodyStart(MdBlock.Heading heading, List<String> lines) {
        int line = heading.line();
        if (heading.kind() == MdBlock.Heading.Kind.SETEXT) {
            while (line < lines.size() && !lines.get(line).isBlank() && !isUnderline(lines.get(line))) {
                line++;
            }
            return Math.min(lines.size(), line + 1);
        }
        return Math.min(lines.size(), line);
    }

    private static boolean isUnderline(String line) {
        String stripped = line.strip();
        return !stripped.isEmpty() && (stripped.chars().allMatch(c -> c == '=') || stripped.chars().allMatch(c -> c == '-'));
    }

    private static String withoutSetextUnderline(String body) {
        return body;
    }

    /** Bullet items (nested ones after their parent), each with the lines it wraps onto joined to it. */
    public static List<String> bullets(String markdown) {
        return MarkdownDocument.parse(markdown).items().stream().map(item -> item.text().plainWithTexMath())
                .filter(text -> !text.isEmpty()).toList();
    }

    /** Paragraphs that are neither headings, list items nor tables. */
    public static List<String> paragraphs(String markdown) {
        return MarkdownDocument.parse(markdown).paragraphBlocks().stream()
                .map(paragraph -> paragraph.text().plainWithTexMath()).filter(text -> !text.isEmpty()).toList();
    }

    static int headingLevel(String line) {
        return MarkdownLines.headingLevel(line);
    }
}
