package dev.paperorchestra.model.markdown;

import dev.paperorchestra.model.markdown.MdBlock.CodeBlock;
import dev.paperorchestra.model.markdown.MdBlock.Heading;
import dev.paperorchestra.model.markdown.MdBlock.ListBlock;
import dev.paperorchestra.model.markdown.MdBlock.ListItem;
import dev.paperorchestra.model.markdown.MdBlock.MathBlock;
import dev.paperorchestra.model.markdown.MdBlock.Paragraph;
import dev.paperorchestra.model.markdown.MdBlock.Quote;
import dev.paperorchestra.model.markdown.MdBlock.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * A heading of a Markdown document with the blocks under it (subsections included).
 *
 * @param heading the heading
 * @param blocks  what follows it up to the next heading of the same or a higher level
 */
public record MdSection(Heading heading, List<MdBlock> blocks) {

    public MdSection {
        blocks = List.copyOf(blocks);
    }

    public String title() {
        return heading.title();
    }

    public int level() {
        return heading.level();
    }

    /** Paragraphs outside lists, plain. */
    public List<String> paragraphs() {
        return paragraphs(blocks);
    }

    /** List items, nested after their parent, typed. */
    public List<ListItem> items() {
        return items(blocks);
    }

    /** List items as plain text. */
    public List<String> bullets() {
        return items(blocks).stream().map(item -> item.text().plain()).filter(text -> !text.isEmpty()).toList();
    }

    /** Paragraphs and items in order, plain. */
    public List<String> statements() {
        return statements(blocks);
    }

    /** The tables under this heading. */
    public List<MdTable> tables() {
        return blocks.stream().filter(Table.class::isInstance).map(block -> ((Table) block).table()).toList();
    }

    /** The blocks up to the first subheading: the section's own text. */
    public List<MdBlock> ownBlocks() {
        List<MdBlock> own = new ArrayList<>();
        for (MdBlock block : blocks) {
            if (block instanceof Heading) {
                break;
            }
            own.add(block);
        }
        return own;
    }

    /** Everything a reader sees under the heading. */
    public String plainText() {
        return plainText(blocks);
    }

    static List<String> paragraphs(List<MdBlock> blocks) {
        List<String> paragraphs = new ArrayList<>();
        for (MdBlock block : blocks) {
            if (block instanceof Paragraph paragraph && !paragraph.text().isEmpty()) {
                paragraphs.add(paragraph.text().plain());
            } else if (block instanceof Quote quote) {
                paragraphs.addAll(paragraphs(quote.blocks()));
            }
        }
        return paragraphs;
    }

    static List<ListItem> items(List<MdBlock> blocks) {
        List<ListItem> items = new ArrayList<>();
        for (MdBlock block : blocks) {
            if (block instanceof ListBlock list) {
                for (ListItem item : list.items()) {
                    items.add(item);
                    items.addAll(items(item.blocks()));
                }
            } else if (block instanceof Quote quote) {
                items.addAll(items(quote.blocks()));
            }
        }
        return items;
    }

    static List<String> statements(List<MdBlock> blocks) {
        List<String> statements = new ArrayList<>();
        for (MdBlock block : blocks) {
            switch (block) {
                case Paragraph paragraph -> add(statements, paragraph.text().plain());
                case ListBlock list -> list.items().forEach(item -> {
                    add(statements, item.text().plain());
                    statements.addAll(statements(item.blocks()));
                });
                case Quote quote -> statements.addAll(statements(quote.blocks()));
                default -> {
                    // headings, tables, code and math are not statements
                }
            }
        }
        return statements;
    }

    private static void add(List<String> statements, String text) {
        if (!text.isEmpty()) {
            statements.add(text);
        }
    }

    static String plainText(List<MdBlock> blocks) {
        StringBuilder out = new StringBuilder();
        for (MdBlock block : blocks) {
            String text = switch (block) {
                case Heading heading -> heading.title();
                case Paragraph paragraph -> paragraph.text().plain();
                case ListBlock list -> String.join("\n", statements(List.of(list)));
                case Table table -> String.join(" | ", table.table().headerText());
                case CodeBlock code -> code.code().strip();
                case MathBlock math -> dev.paperorchestra.model.math.MathUnicode.of(math.latex());
                case Quote quote -> plainText(quote.blocks());
                default -> "";
            };
            if (!text.isEmpty()) {
                out.append(out.isEmpty() ? "" : "\n\n").append(text);
            }
        }
        return out.toString();
    }
}
