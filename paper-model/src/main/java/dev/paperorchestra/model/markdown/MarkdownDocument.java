package dev.paperorchestra.model.markdown;

import dev.paperorchestra.model.markdown.MdBlock.Heading;
import dev.paperorchestra.model.markdown.MdBlock.ListBlock;
import dev.paperorchestra.model.markdown.MdBlock.ListItem;
import dev.paperorchestra.model.markdown.MdBlock.Paragraph;
import dev.paperorchestra.model.markdown.MdBlock.Table;
import dev.paperorchestra.model.text.LineMap;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Markdown file of the materials (idea.md, experimental_log.md, guidelines, human reviews) read once by
 * CommonMark with GFM tables, into typed blocks every agent reads alike. See {@link MarkdownReader} for how
 * each construct is read, and the heading rule.
 */
public final class MarkdownDocument {

    private final String source;
    private final List<MdBlock> blocks;
    private final LineMap lines;
    private final List<EmphasisBudget.Flattened> flattened;

    MarkdownDocument(String source, List<MdBlock> blocks, List<EmphasisBudget.Flattened> flattened) {
        this.source = source;
        this.blocks = List.copyOf(blocks);
        this.flattened = List.copyOf(flattened);
        this.lines = new LineMap(source);
    }

    /** Reads Markdown as people write it: CommonMark, GFM tables, {@code $math$}, bold lines as headings. */
    public static MarkdownDocument parse(String markdown) {
        return MarkdownReader.read(markdown);
    }

    /**
     * A line or a few lines of inline Markdown (a table cell, a caption, a label), read as one paragraph whatever
     * its first characters look like: "1. Setup" stays "1. Setup", "# runs" stays "# runs".
     */
    public static InlineText inline(String markdown) {
        StringBuilder neutral = new StringBuilder(markdown.length() + 8);
        for (String line : markdown.split("\r?\n", -1)) {
            String stripped = line.strip();
            if (!neutral.isEmpty()) {
                neutral.append('\n');
            }
            neutral.append(neutraliseBlockStart(stripped));
        }
        MarkdownDocument document = MarkdownReader.readInline(neutral.toString());
        for (MdBlock block : document.blocks) {
            if (block instanceof Paragraph paragraph) {
                return new InlineText(paragraph.text().inlines(), markdown.strip());
            }
        }
        return new InlineText(List.of(), markdown.strip());
    }

    /** A line with whatever would start a block (heading, list, quote, table, rule, fence) escaped. */
    private static String neutraliseBlockStart(String line) {
        if (line.isEmpty()) {
            return line;
        }
        char first = line.charAt(0);
        char second = line.length() > 1 ? line.charAt(1) : ' ';
        boolean rule = line.chars().allMatch(c -> c == first || c == ' ');
        boolean blockStart = switch (first) {
            case '>', '=', '|' -> true;
            case '#' -> second == ' ' || second == '#';
            case '-', '+', '*' -> second == ' ' || rule;
            case '_' -> rule;
            case '`', '~' -> line.startsWith("```") || line.startsWith("~~~");
            default -> false;
        };
        if (blockStart) {
            return "\\" + line;
        }
        int digits = 0;
        while (digits < line.length() && digits < 10 && Character.isDigit(line.charAt(digits))) {
            digits++;
        }
        if (digits > 0 && digits < line.length() && (line.charAt(digits) == '.' || line.charAt(digits) == ')')) {
            return line.substring(0, digits) + "\\" + line.substring(digits);
        }
        return line;
    }

    /** The text as given. */
    public String source() {
        return source;
    }

    public List<MdBlock> blocks() {
        return blocks;
    }

    /** The paragraphs read as plain text, their emphasis over {@link EmphasisBudget#MAX_MARKS}. */
    public List<EmphasisBudget.Flattened> flattened() {
        return flattened;
    }

    public int lineCount() {
        return lines.lineCount();
    }

    /** Every heading, in order. */
    public List<Heading> headings() {
        return blocks.stream().filter(Heading.class::isInstance).map(Heading.class::cast).toList();
    }

    /** Every heading with the blocks under it, up to the next heading of the same or a higher level. */
    public List<MdSection> sections() {
        List<MdSection> sections = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (!(blocks.get(i) instanceof Heading heading)) {
                continue;
            }
            List<MdBlock> body = new ArrayList<>();
            for (int j = i + 1; j < blocks.size(); j++) {
                if (blocks.get(j) instanceof Heading next && next.level() <= heading.level()) {
                    break;
                }
                body.add(blocks.get(j));
            }
            sections.add(new MdSection(heading, body));
        }
        return sections;
    }

    /** The blocks before the first heading. */
    public List<MdBlock> preface() {
        List<MdBlock> preface = new ArrayList<>();
        for (MdBlock block : blocks) {
            if (block instanceof Heading) {
                break;
            }
            preface.add(block);
        }
        return preface;
    }

    /**
     * The author's title: the text of the one level-1 heading (ATX or setext), when the document has exactly
     * one. A bold line is never a title.
     */
    public Optional<String> title() {
        List<Heading> top = headings().stream().filter(heading -> heading.level() == 1
                && heading.kind() != Heading.Kind.STRONG_LINE).toList();
        return top.size() == 1 ? Optional.of(top.getFirst().title()) : Optional.empty();
    }

    /** Every table, in order. */
    public List<MdTable> tables() {
        return blocks.stream().filter(Table.class::isInstance).map(block -> ((Table) block).table()).toList();
    }

    /** Every paragraph outside lists, as plain text, in order. */
    public List<String> paragraphs() {
        return MdSection.paragraphs(blocks);
    }

    /** Every list item, nested ones after their parent, as the typed text of the item. */
    public List<ListItem> items() {
        return MdSection.items(blocks);
    }

    /** Paragraphs and list items in document order, as plain text: what the materials state. */
    public List<String> statements() {
        return MdSection.statements(blocks);
    }

    /** Everything a reader sees, block by block, separated by blank lines. */
    public String plainText() {
        return MdSection.plainText(blocks);
    }

    /** The section whose heading is titled so, compared as normalised words ({@link Prose#normalised}). */
    public Optional<MdSection> section(String title) {
        String wanted = Prose.normalised(title);
        return sections().stream().filter(section -> Prose.normalised(section.title()).equals(wanted)).findFirst();
    }

    /** The paragraph blocks of the whole document, lists excluded. */
    public List<Paragraph> paragraphBlocks() {
        return blocks.stream().filter(Paragraph.class::isInstance).map(Paragraph.class::cast).toList();
    }

    /** The list blocks at top level. */
    public List<ListBlock> lists() {
        return blocks.stream().filter(ListBlock.class::isInstance).map(ListBlock.class::cast).toList();
    }
}
