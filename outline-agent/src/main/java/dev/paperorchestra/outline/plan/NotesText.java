package dev.paperorchestra.outline.plan;

import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;

/**
 * The author's statements of idea.md and experimental_log.md as the offline outline quotes them: the blocks the
 * paper model read, each paragraph and list item as plain text with its math kept as written ({@code $x$}), so a
 * writer can set it as math.
 */
final class NotesText {

    private NotesText() {
    }

    /** Paragraphs and list items (nested ones after their parent) in order; headings, tables and code left out. */
    static List<String> statements(List<MdBlock> blocks) {
        List<String> statements = new ArrayList<>();
        collect(blocks, statements, true);
        return statements;
    }

    /** The paragraphs outside lists. */
    static List<String> paragraphs(List<MdBlock> blocks) {
        List<String> paragraphs = new ArrayList<>();
        collect(blocks, paragraphs, false);
        return paragraphs;
    }

    /** The list items of a section, nested ones after their parent. */
    static List<String> bullets(MdSection section) {
        return section.items().stream().map(item -> item.text().plainWithTexMath()).filter(text -> !text.isEmpty())
                .toList();
    }

    /** Whether the blocks hold math: {@code $...$}, display math, or LaTeX math written without dollars. */
    static boolean hasMath(List<MdBlock> blocks) {
        for (MdBlock block : blocks) {
            boolean math = switch (block) {
                case MdBlock.MathBlock ignored -> true;
                case MdBlock.Paragraph paragraph -> hasMath(paragraph.text());
                case MdBlock.ListBlock list -> list.items().stream().anyMatch(item -> hasMath(item.text())
                        || hasMath(item.blocks()));
                case MdBlock.Quote quote -> hasMath(quote.blocks());
                case MdBlock.CodeBlock code -> code.code().contains("\\begin{");
                default -> false;
            };
            if (math) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasMath(InlineText text) {
        // \( and \[ are read as escaped brackets by Markdown, so LaTeX math without dollars is found as written
        return text.hasMath() || text.source().contains("\\(") || text.source().contains("\\[")
                || text.source().contains("\\begin{");
    }

    /** Words of a heading, lower case, letters and digits only. */
    static List<String> words(String text) {
        String normal = Prose.normalised(text);
        return normal.isEmpty() ? List.of() : List.of(normal.split(" "));
    }

    /** Whether a heading holds a word starting with one of the stems ("limitation" in "Limitations of prior work"). */
    static boolean hasWordStartingWith(String text, List<String> stems) {
        for (String word : words(text)) {
            for (String stem : stems) {
                if (word.startsWith(stem)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void collect(List<MdBlock> blocks, List<String> out, boolean items) {
        for (MdBlock block : blocks) {
            switch (block) {
                case MdBlock.Paragraph paragraph -> add(out, paragraph.text());
                case MdBlock.ListBlock list -> {
                    if (items) {
                        for (MdBlock.ListItem item : list.items()) {
                            add(out, item.text());
                            collect(item.blocks(), out, true);
                        }
                    }
                }
                case MdBlock.Quote quote -> collect(quote.blocks(), out, items);
                default -> {
                    // headings, tables, code and display math are not statements
                }
            }
        }
    }

    private static void add(List<String> out, InlineText text) {
        String plain = text.plainWithTexMath();
        if (!plain.isEmpty()) {
            out.add(plain);
        }
    }
}
