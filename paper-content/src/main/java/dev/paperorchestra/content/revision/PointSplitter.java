package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits reviews into atomic points by rules (the offline mode; a model-backed splitter is a later addition). Parts
 * that carry no requests (summary, strengths, scores) are skipped. Inside a part, each bullet or paragraph is an
 * item; inside an item, a sentence that asks for something of another kind than the point before starts a new
 * point, and sentences that ask for nothing stay with the point they follow.
 */
public final class PointSplitter {

    private static final Pattern NO_REQUESTS = Pattern.compile(
            "(?i).*\\b(summary|strengths?|ratings?|scores?|confidence|decision|recommendation|ethic\\w*|soundness"
                    + "|contribution|flag\\w*|code of conduct|limitations)\\b.*");
    private static final Pattern BULLET = Pattern.compile("^\\s*([-*+•]|\\(?\\d{1,2}[.)]|\\(?[a-z][.)])\\s+");
    private static final int SHORTEST = 15;

    private PointSplitter() {
    }

    /** Every point of the reviews, located in the paper; ids "R1.1", "R1.2", … in review order. */
    public static List<ReviewPoint> split(List<HumanReview> reviews, String tex) {
        List<PaperSections.Section> sections = PaperSections.of(tex);
        List<ReviewPoint> points = new ArrayList<>();
        int reviewNumber = 0;
        for (HumanReview review : reviews) {
            reviewNumber++;
            int pointNumber = 0;
            for (HumanReview.Part part : review.parts()) {
                if (!part.heading().isEmpty() && NO_REQUESTS.matcher(part.heading()).matches()) {
                    continue;
                }
                for (String item : items(part.text())) {
                    for (Draft draft : atomic(item)) {
                        pointNumber++;
                        String quote = draft.text();
                        points.add(new ReviewPoint("R" + reviewNumber + "." + pointNumber, review.reviewer(), quote,
                                draft.kind(), SectionLocator.locate(quote, draft.kind(), sections)));
                    }
                }
            }
        }
        return points;
    }

    private record Draft(String text, PointKind kind) {
    }

    /**
     * The item's points. Sentences that ask for nothing stay with the point they follow or precede; a sentence that
     * asks for another kind of thing than a point that has already asked starts a new point (a question mark alone
     * never does: "What supervises it?" goes with the sentence before). A point's kind is the strongest its sentences
     * signal ({@link PointKinds#stronger}); an item that asks for nothing at all (praise, a summary, a
     * recommendation) is no point.
     */
    static List<Draft> atomic(String item) {
        List<Draft> drafts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        PointKind kind = null;
        boolean asked = false;
        for (String sentence : sentences(item)) {
            PointKind signalled = PointKinds.signalled(sentence).orElse(null);
            boolean asks = PointKinds.asks(sentence);
            boolean another = signalled != null && signalled != PointKind.QUESTION && kind != null
                    && signalled != kind && kind != PointKind.QUESTION;
            if (asks && asked && another) {
                add(drafts, text, kind);
                text.setLength(0);
                kind = signalled;
            } else if (signalled != null) {
                kind = kind == null ? signalled : PointKinds.stronger(kind, signalled);
            }
            asked |= asks;
            text.append(text.isEmpty() ? "" : " ").append(sentence);
        }
        if (asked) {
            add(drafts, text, kind);
        }
        return drafts;
    }

    private static void add(List<Draft> drafts, StringBuilder text, PointKind kind) {
        String point = text.toString().strip();
        if (point.length() >= SHORTEST) {
            drafts.add(new Draft(point, kind != null ? kind : PointKind.QUESTION));
        }
    }

    /** Bullets and paragraphs in the order written, each with the lines it wraps onto; tables and headings dropped. */
    static List<String> items(String text) {
        List<String> items = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : (text + "\n").lines().toList()) {
            String line = raw.strip();
            boolean bullet = BULLET.matcher(line).find();
            if (line.isEmpty() || bullet || line.startsWith("|") || line.startsWith("#")) {
                flush(items, current);
            }
            if (bullet) {
                current.append(BULLET.matcher(line).replaceFirst(""));
            } else if (!line.isEmpty() && !line.startsWith("|") && !line.startsWith("#")) {
                current.append(current.isEmpty() ? "" : " ").append(line);
            }
        }
        flush(items, current);
        return items;
    }

    private static void flush(List<String> items, StringBuilder current) {
        String item = MarkdownText.plain(current.toString()).strip();
        if (!item.isEmpty()) {
            items.add(item);
        }
        current.setLength(0);
    }

    /** Sentences, by the one splitter ({@link Prose#sentences}: not broken after "e.g.", "et al.", "Sec."). */
    static List<String> sentences(String text) {
        return Prose.sentences(text);
    }
}
