package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdTable;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;

/**
 * Guidelines Markdown as the sentences a reader sees, read by the paper model: each heading, paragraph, list item
 * and table row its own unit, units split into sentences by {@link Prose} (not after "Nov." or "e.g."), emphasis
 * removed. A table row reads as "Key: value" (two columns) or "Header: cell, Header: cell", so a "Page limit | 8"
 * row is read like the sentence "Page limit: 8". Lines starting with "•" are list items, as writers mean them.
 */
final class GuidelinesSentences {

    /** No real sentence is longer; a longer run of text without sentence ends is read in pieces this long. */
    static final int LONGEST = 1_000;
    /** A header cell with one of these words makes a table read "Header: cell" row by row. */
    private static final List<String> HEADED_BY = List.of("page", "pages", "limit", "length", "deadline", "date");

    private GuidelinesSentences() {
    }

    static List<String> of(String markdown) {
        List<String> sentences = new ArrayList<>();
        blocks(MarkdownDocument.parse(withBulletItems(markdown)).blocks(), sentences);
        return sentences;
    }

    private static void blocks(List<MdBlock> blocks, List<String> sentences) {
        for (MdBlock block : blocks) {
            switch (block) {
                case MdBlock.Heading heading -> add(heading.text().plain(), sentences);
                case MdBlock.Paragraph paragraph -> unit(paragraph.text(), sentences);
                case MdBlock.ListBlock list -> list.items().forEach(item -> {
                    unit(item.text(), sentences);
                    blocks(item.blocks(), sentences);
                });
                case MdBlock.Table table -> table(table.table(), sentences);
                case MdBlock.Quote quote -> blocks(quote.blocks(), sentences);
                default -> {
                    // code, math and HTML say nothing a venue states in prose
                }
            }
        }
    }

    private static void unit(InlineText text, List<String> sentences) {
        Prose.sentences(text.plain()).forEach(sentence -> add(sentence, sentences));
    }

    /** A key-value table reads "Key: value"; a table whose header names pages or limits reads "Header: cell". */
    private static void table(MdTable table, List<String> sentences) {
        List<String> header = table.headerText();
        boolean headed = header.stream().anyMatch(cell -> HEADED_BY.stream().anyMatch(word -> Prose.mentions(cell, word)));
        List<List<String>> rows = new ArrayList<>();
        if (!headed) {
            rows.add(header);
        }
        table.rows().forEach(row -> rows.add(row.stream().map(InlineText::plain).toList()));
        for (List<String> row : rows) {
            if (headed || row.size() != 2) {
                List<String> parts = new ArrayList<>();
                for (int c = 0; c < row.size(); c++) {
                    String name = headed && c < header.size() ? header.get(c) : "";
                    if (!row.get(c).isBlank()) {
                        parts.add(name.isBlank() ? row.get(c) : name + ": " + row.get(c));
                    }
                }
                add(String.join(", ", parts), sentences);
            } else {
                add(row.get(0) + ": " + row.get(1), sentences);
            }
        }
    }

    /** Lines written with "•" as list items of Markdown's own. */
    private static String withBulletItems(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length());
        for (String line : markdown.split("\n", -1)) {
            String stripped = line.stripLeading();
            out.append(stripped.startsWith("•") ? "- " + stripped.substring(1).strip() : line).append('\n');
        }
        return out.toString();
    }

    /** Adds a sentence, cut into pieces of at most {@link #LONGEST} characters so reading it stays linear. */
    private static void add(String sentence, List<String> sentences) {
        String rest = sentence.strip();
        while (rest.length() > LONGEST) {
            int cut = rest.lastIndexOf(' ', LONGEST);
            cut = cut <= 0 ? LONGEST : cut;
            sentences.add(rest.substring(0, cut));
            rest = rest.substring(cut).strip();
        }
        if (!rest.isEmpty()) {
            sentences.add(rest);
        }
    }
}
