package dev.paperorchestra.model.markdown;

import dev.paperorchestra.model.markdown.MdBlock.Heading;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Turns Markdown into a {@link MarkdownDocument}: CommonMark (commonmark-java) with the GFM tables extension,
 * after {@link MathSpans} has set the math aside.
 *
 * <p><b>The heading rule.</b> A heading is an ATX heading ({@code ## Method}), a setext heading (a line underlined
 * with {@code ===} or {@code ---}), or a <i>bold line</i>: the first line of a top-level paragraph when that line
 * holds nothing but strong emphasis (optionally with a colon), at most {@value #MAX_BOLD_HEADING_WORDS} words,
 * e.g. {@code **Problem Statement**} or {@code **Setup:**}. The rest of such a paragraph is the first
 * paragraph under the heading. A bold line is one level below the last ATX or setext heading before it (level 2
 * when there is none), so bold lines under {@code # Title} are its sections and bold lines under
 * {@code ## Method} its subsections. A bold label that begins a line of running text ({@code **Note:** the
 * ...}) and a bold list item are not headings.
 *
 * <p><b>Tables.</b> Every GFM shape: with or without outer pipes, any delimiter row ({@code |-|-|},
 * {@code :---:}). A table's caption is the heading right above it, else a paragraph above it that starts with
 * "Table", else "Table n". Cells keep their text as written; header cells are read through their emphasis.
 */
final class MarkdownReader {

    static final int MAX_BOLD_HEADING_WORDS = 12;
    /** Deeper nesting than this is not prose; CommonMark stops reading it as inlines. */
    private static final int MAX_INLINE_NESTING = 64;
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS)
            .includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES).maxInlineNesting(MAX_INLINE_NESTING).build();

    private final MathSpans.Protected input;
    private final EmphasisBudget.Checked budget;
    private final List<MdBlock> blocks = new ArrayList<>();
    private int lastRealHeadingLevel;
    private int tables;

    private MarkdownReader(String original) {
        this.input = MathSpans.protect(original);
        this.budget = EmphasisBudget.check(input.text());
    }

    static MarkdownDocument read(String markdown) {
        MarkdownReader reader = new MarkdownReader(markdown);
        Node document = PARSER.parse(reader.budget.text());
        for (Node child = document.getFirstChild(); child != null; child = child.getNext()) {
            reader.topLevel(child);
        }
        return new MarkdownDocument(markdown, reader.blocks, reader.budget.flattened());
    }

    /** Inline Markdown as one paragraph: no bold line becomes a heading. */
    static MarkdownDocument readInline(String markdown) {
        MarkdownReader reader = new MarkdownReader(markdown);
        Node document = PARSER.parse(reader.budget.text());
        for (Node child = document.getFirstChild(); child != null; child = child.getNext()) {
            if (child instanceof Paragraph paragraph) {
                reader.blocks.add(reader.paragraphBlock(paragraph, reader.inlines(paragraph)));
            }
        }
        return new MarkdownDocument(markdown, reader.blocks, reader.budget.flattened());
    }

    private void topLevel(Node node) {
        if (node instanceof org.commonmark.node.Heading heading) {
            Heading.Kind kind = sourceOf(heading).stripLeading().startsWith("#") ? Heading.Kind.ATX
                    : Heading.Kind.SETEXT;
            lastRealHeadingLevel = heading.getLevel();
            blocks.add(new Heading(heading.getLevel(), inlineText(heading), kind, line(heading)));
        } else if (node instanceof Paragraph paragraph) {
            topParagraph(paragraph);
        } else if (node instanceof TableBlock table) {
            blocks.add(new MdBlock.Table(table(table), line(table)));
        } else {
            MdBlock block = block(node, 0);
            if (block != null) {
                blocks.add(block);
            }
        }
    }

    /** A top-level paragraph: a bold line heading and the rest, display math, or a paragraph. */
    private void topParagraph(Paragraph paragraph) {
        List<Inline> inlines = inlines(paragraph);
        int firstBreak = -1;
        for (int i = 0; i < inlines.size(); i++) {
            if (inlines.get(i) instanceof Inline.Break) {
                firstBreak = i;
                break;
            }
        }
        List<Inline> firstLine = firstBreak < 0 ? inlines : inlines.subList(0, firstBreak);
        InlineText first = new InlineText(firstLine, "");
        if (first.isOnlyStrong() && Prose.wordCount(first.plain()) <= MAX_BOLD_HEADING_WORDS) {
            String[] sourceLines = sourceOf(paragraph).split("\n", 2);
            int level = Math.min(6, Math.max(lastRealHeadingLevel, 1) + 1);
            blocks.add(new Heading(level, new InlineText(firstLine, restore(sourceLines[0]).strip()),
                    Heading.Kind.STRONG_LINE, line(paragraph)));
            if (firstBreak >= 0 && firstBreak + 1 < inlines.size()) {
                String rest = sourceLines.length > 1 ? restore(sourceLines[1]) : "";
                blocks.add(new MdBlock.Paragraph(new InlineText(inlines.subList(firstBreak + 1, inlines.size()), rest),
                        line(paragraph) + 1));
            }
            return;
        }
        blocks.add(paragraphBlock(paragraph, inlines));
    }

    private MdBlock paragraphBlock(Paragraph paragraph, List<Inline> inlines) {
        if (inlines.size() == 1 && inlines.getFirst() instanceof Inline.Math math && math.display()) {
            return new MdBlock.MathBlock(math.latex(), line(paragraph));
        }
        return new MdBlock.Paragraph(new InlineText(inlines, restore(sourceOf(paragraph))), line(paragraph));
    }

    private MdBlock block(Node node, int depth) {
        return switch (node) {
            case org.commonmark.node.Heading heading -> new Heading(heading.getLevel(), inlineText(heading),
                    Heading.Kind.ATX, line(heading));
            case Paragraph paragraph -> paragraphBlock(paragraph, inlines(paragraph));
            case ListBlock list -> list(list, depth);
            case TableBlock table -> new MdBlock.Table(table(table), line(table));
            case FencedCodeBlock code -> new MdBlock.CodeBlock(code.getInfo() == null ? "" : restore(code.getInfo()),
                    restore(code.getLiteral()), line(code));
            case IndentedCodeBlock code -> new MdBlock.CodeBlock("", restore(code.getLiteral()), line(code));
            case BlockQuote quote -> new MdBlock.Quote(children(quote, depth), line(quote));
            case HtmlBlock html -> new MdBlock.Html(restore(html.getLiteral()), line(html));
            case ThematicBreak rule -> new MdBlock.Rule(line(rule));
            default -> null;
        };
    }

    private List<MdBlock> children(Node parent, int depth) {
        List<MdBlock> children = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            MdBlock block = block(child, depth);
            if (block != null) {
                children.add(block);
            }
        }
        return children;
    }

    private MdBlock list(ListBlock list, int depth) {
        List<MdBlock.ListItem> items = new ArrayList<>();
        for (Node child = list.getFirstChild(); child != null; child = child.getNext()) {
            if (!(child instanceof ListItem item)) {
                continue;
            }
            InlineText text = InlineText.EMPTY;
            List<MdBlock> rest = new ArrayList<>();
            Node first = item.getFirstChild();
            for (Node part = first; part != null; part = part.getNext()) {
                if (part == first && part instanceof Paragraph paragraph) {
                    text = inlineText(paragraph);
                } else {
                    MdBlock block = block(part, depth + 1);
                    if (block != null) {
                        rest.add(block);
                    }
                }
            }
            items.add(new MdBlock.ListItem(text, rest, depth, line(item)));
        }
        return new MdBlock.ListBlock(list instanceof OrderedList, items, line(list));
    }

    private MdTable table(TableBlock table) {
        List<InlineText> header = new ArrayList<>();
        List<List<InlineText>> rows = new ArrayList<>();
        List<MdTable.RaggedRow> ragged = new ArrayList<>();
        for (Node section = table.getFirstChild(); section != null; section = section.getNext()) {
            for (Node row = section.getFirstChild(); row != null; row = row.getNext()) {
                if (!(row instanceof TableRow)) {
                    continue;
                }
                List<InlineText> cells = new ArrayList<>();
                for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
                    if (cell instanceof TableCell) {
                        cells.add(inlineText(cell));
                    }
                }
                if (section instanceof TableHead) {
                    header.addAll(cells);
                } else if (section instanceof TableBody) {
                    int written = writtenCells(row);
                    if (written != header.size()) {
                        ragged.add(new MdTable.RaggedRow(rows.size() + 1, written));
                    }
                    while (cells.size() < header.size()) {
                        cells.add(InlineText.EMPTY);
                    }
                    rows.add(cells.subList(0, header.size()));
                }
            }
        }
        int index = tables++;
        return new MdTable(index, caption(index), header, rows, ragged, line(table));
    }

    /** How many cells a row was written with (GFM pads and cuts them to the header's count). */
    private int writtenCells(Node row) {
        String line = sourceOf(row).strip();
        if (line.startsWith("|")) {
            line = line.substring(1);
        }
        if (line.endsWith("|") && !line.endsWith("\\|")) {
            line = line.substring(0, line.length() - 1);
        }
        int cells = 1;
        boolean code = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '`') {
                code = !code;
            } else if (c == '|' && !code) {
                cells++;
            }
        }
        return cells;
    }

    /** The heading right above the table, or a "Table ..." paragraph right above it, else "Table n". */
    private String caption(int index) {
        if (!blocks.isEmpty()) {
            MdBlock above = blocks.getLast();
            if (above instanceof Heading heading) {
                return heading.title();
            }
            if (above instanceof MdBlock.Paragraph paragraph) {
                String text = paragraph.text().plain();
                if (text.regionMatches(true, 0, "table", 0, 5) && text.length() <= 300) {
                    return text.endsWith(":") ? text.substring(0, text.length() - 1).strip() : text;
                }
            }
        }
        return "Table " + (index + 1);
    }

    // ---- inlines

    private InlineText inlineText(Node parent) {
        return new InlineText(inlines(parent), restore(sourceOf(parent)).strip());
    }

    private List<Inline> inlines(Node parent) {
        List<Inline> inlines = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            switch (child) {
                case Text text -> text(text.getLiteral(), inlines);
                case StrongEmphasis strong -> inlines.add(new Inline.Strong(inlines(strong)));
                case Emphasis emphasis -> inlines.add(new Inline.Emphasis(inlines(emphasis)));
                case Code code -> inlines.add(new Inline.Code(restore(code.getLiteral())));
                case Link link -> inlines.add(new Inline.Link(inlines(link), budget.original(link.getDestination())));
                case Image image -> inlines.add(new Inline.Image(new InlineText(inlines(image), "").plain(),
                        budget.original(image.getDestination())));
                case SoftLineBreak ignored -> inlines.add(new Inline.Break(false));
                case HardLineBreak ignored -> inlines.add(new Inline.Break(true));
                case HtmlInline html -> inlines.add(new Inline.Html(restore(html.getLiteral())));
                default -> inlines.addAll(inlines(child));
            }
        }
        return inlines;
    }

    /** A text node, its math placeholders turned back into math. */
    private void text(String parsed, List<Inline> inlines) {
        String literal = budget.original(parsed);
        int start = 0;
        int open = literal.indexOf(MathSpans.OPEN);
        while (open >= 0) {
            int close = literal.indexOf(MathSpans.CLOSE, open);
            if (close < 0) {
                break;
            }
            if (open > start) {
                inlines.add(new Inline.Text(literal.substring(start, open)));
            }
            MathSpans.Span span = input.spans().get(Integer.parseInt(literal.substring(open + 1, close)));
            inlines.add(new Inline.Math(span.latex(), span.display()));
            start = close + 1;
            open = literal.indexOf(MathSpans.OPEN, start);
        }
        if (start < literal.length()) {
            inlines.add(new Inline.Text(literal.substring(start)));
        }
    }

    /** Text of the protected input with its math placeholders back as they were written. */
    private String restore(String parsed) {
        String text = budget.original(parsed);
        if (text.indexOf(MathSpans.OPEN) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int close = c == MathSpans.OPEN ? text.indexOf(MathSpans.CLOSE, i) : -1;
            if (close > i + 1) {
                out.append(input.spans().get(Integer.parseInt(text.substring(i + 1, close))).source());
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    // ---- where things are

    private String sourceOf(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        if (spans.isEmpty()) {
            return "";
        }
        int start = spans.getFirst().getInputIndex();
        SourceSpan last = spans.getLast();
        int end = last.getInputIndex() + last.getLength();
        String text = input.text();
        return text.substring(Math.max(0, Math.min(start, text.length())), Math.max(0, Math.min(end, text.length())));
    }

    private int line(Node node) {
        List<SourceSpan> spans = node.getSourceSpans();
        return spans.isEmpty() ? 0 : spans.getFirst().getLineIndex() + 1;
    }
}
