package dev.paperorchestra.model.markdown;

import java.util.List;

/** One piece of a line of Markdown, as CommonMark reads it (with math as math). */
public sealed interface Inline {

    /** Plain characters. */
    record Text(String text) implements Inline {
    }

    /** {@code **strong**} or {@code __strong__}. */
    record Strong(List<Inline> children) implements Inline {
        public Strong {
            children = List.copyOf(children);
        }
    }

    /** {@code *emphasis*} or {@code _emphasis_}. */
    record Emphasis(List<Inline> children) implements Inline {
        public Emphasis {
            children = List.copyOf(children);
        }
    }

    /** {@code `code`}. */
    record Code(String code) implements Inline {
    }

    /**
     * {@code $math$} or {@code $$math$$}.
     *
     * @param latex   the math without its dollars
     * @param display true for {@code $$...$$}
     */
    record Math(String latex, boolean display) implements Inline {
    }

    /** {@code [text](url)}. */
    record Link(List<Inline> children, String destination) implements Inline {
        public Link {
            children = List.copyOf(children);
        }
    }

    /** {@code ![alt](url)}. */
    record Image(String alt, String destination) implements Inline {
    }

    /** A line break inside a paragraph: soft (a line end) or hard (two spaces or a backslash before it). */
    record Break(boolean hard) implements Inline {
    }

    /** Raw HTML inline ({@code <sup>1</sup>}). */
    record Html(String html) implements Inline {
    }
}
