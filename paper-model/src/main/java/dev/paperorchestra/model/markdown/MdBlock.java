package dev.paperorchestra.model.markdown;

import java.util.List;

/** One block of a Markdown document, with the 1-based line it starts on. */
public sealed interface MdBlock {

    int line();

    /**
     * A heading.
     *
     * @param level 1 for {@code #}, ... 6; a bold-line heading is one level below the heading it follows
     * @param text  its words
     * @param kind  how it was written
     */
    record Heading(int level, InlineText text, Kind kind, int line) implements MdBlock {

        /** How a heading was written. */
        public enum Kind {
            /** {@code ## Method}. */
            ATX,
            /** A line underlined with {@code ===} or {@code ---}. */
            SETEXT,
            /** A paragraph line that is only strong emphasis, {@code **Problem Statement**}. */
            STRONG_LINE
        }

        /** The heading's words, a trailing colon or full stop removed. */
        public String title() {
            String title = text.plain().strip();
            while (!title.isEmpty() && (title.endsWith(":") || title.endsWith("."))) {
                title = title.substring(0, title.length() - 1).strip();
            }
            return title;
        }
    }

    /** A paragraph. */
    record Paragraph(InlineText text, int line) implements MdBlock {
    }

    /**
     * A bullet or numbered list.
     *
     * @param ordered true for {@code 1.} lists
     * @param items   its items
     */
    record ListBlock(boolean ordered, List<ListItem> items, int line) implements MdBlock {
        public ListBlock {
            items = List.copyOf(items);
        }
    }

    /**
     * A list item: its first paragraph as text, and whatever else it holds (nested lists, further paragraphs).
     *
     * @param text   the item's own text (its first paragraph)
     * @param blocks the blocks after the first paragraph, nested lists among them
     * @param depth  0 for a top-level item, 1 inside it, ...
     */
    record ListItem(InlineText text, List<MdBlock> blocks, int depth, int line) {
        public ListItem {
            blocks = List.copyOf(blocks);
        }
    }

    /** A GFM table, in any of its shapes (outer pipes or not, any delimiter row). */
    record Table(MdTable table, int line) implements MdBlock {
    }

    /** A fenced or indented code block. */
    record CodeBlock(String info, String code, int line) implements MdBlock {
    }

    /** A paragraph that is only display math ({@code $$...$$}). */
    record MathBlock(String latex, int line) implements MdBlock {
    }

    /** A block quote with its blocks. */
    record Quote(List<MdBlock> blocks, int line) implements MdBlock {
        public Quote {
            blocks = List.copyOf(blocks);
        }
    }

    /** Raw HTML ({@code <table>...}), kept as written. */
    record Html(String html, int line) implements MdBlock {
    }

    /** A thematic break ({@code ---}). */
    record Rule(int line) implements MdBlock {
    }
}
