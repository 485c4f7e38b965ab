package dev.paperorchestra.writer.figures;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.content.integrity.GatesReport;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The paper's text does not refer to a figure that was left out: no reference to a label made from its id, no
 * file or id of it, and no sentence naming its title as a figure or diagram. Its findings join the CONTENT gate
 * (the paper showing something it does not have), so the model writer's repairs see them like any other.
 */
public final class LeftOutFigureCheck {

    /** Commands that refer to a label. */
    private static final String[] REFERENCES = {"ref", "cref", "Cref", "autoref", "Autoref", "pageref", "eqref",
        "nameref"};
    private static final String[] HEADINGS = {"section", "subsection", "subsubsection", "paragraph"};
    /** Words that make a sentence about a figure: a word starting so. */
    private static final List<String> FIGURE_WORDS = List.of("fig", "diagram", "illustrat", "depict", "visualis",
            "visualiz");
    /** What "Figure~\\ref{...}" is written with before the reference. */
    private static final Set<String> FIGURE_NAMES = Set.of("fig", "fig.", "figs", "figs.", "figure", "figures");
    private static final List<String> PREFIXES = List.of("figure:", "figure_", "figure-", "fig:", "fig_", "fig-",
            "diagram:", "diagram_", "diagram-");
    private static final int TITLE_MIN_WORDS = 2;

    private LeftOutFigureCheck() {
    }

    /** One finding per left-out figure the text refers to, naming the figure and the line. */
    public static List<String> findings(String tex, List<LeftOutFigure> leftOut) {
        List<String> findings = new ArrayList<>();
        TexDocument document = TexDocument.parse(tex);
        // comments and headings blanked in place (offsets and lines stay true); a heading is not a sentence
        String body = blanked(document);
        for (LeftOutFigure figure : leftOut) {
            String where = referenceTo(document, body, figure);
            if (where != null) {
                findings.add("the text refers to figure " + figure.figureId() + " (\"" + figure.title()
                        + "\"), which was left out (" + figure.reason() + "): " + where
                        + "; remove every mention of it and rest the point on the figures and tables that exist");
            }
        }
        return findings;
    }

    /** The report with these findings added to its CONTENT result. */
    public static GatesReport withFindings(GatesReport report, List<Finding> findings, int checked) {
        return checked == 0 ? report : report.adding(Gate.CONTENT, findings, checked);
    }

    private static @Nullable String referenceTo(TexDocument document, String body, LeftOutFigure figure) {
        int begin = document.bodyStart();
        String core = core(figure.figureId());
        for (TexCommand reference : document.commands(REFERENCES)) {
            if (reference.start() < begin) {
                continue;
            }
            for (String label : reference.lastText().split(",")) {
                if (!core.isEmpty() && core(label.strip()).equals(core)) {
                    return "\\ref{" + label.strip() + "} on line " + document.lineOf(reference.start());
                }
            }
        }
        int id = body.indexOf(figure.figureId(), begin);
        if (id >= 0) {
            return "its id \"" + figure.figureId() + "\" on line " + document.lineOf(id);
        }
        String title = Prose.normalised(TexDocument.plainText(figure.title()));
        if (Prose.wordCount(title) < TITLE_MIN_WORDS) {
            return null;
        }
        Set<String> labels = new HashSet<>();
        document.commands("label").forEach(label -> labels.add(label.lastText().strip()));
        int offset = begin;
        for (String sentence : Prose.sentences(body.substring(begin))) {
            int at = body.indexOf(sentence, offset);
            offset = at < 0 ? offset : at + sentence.length();
            // "Figure~\\ref{fig:kept} draws <a title>": a figure the paper has, whose subject the left-out one shared
            String words = " " + Prose.normalised(TexDocument.plainText(withoutKeptFigures(sentence, labels))) + " ";
            // the title's own words ("Pipeline diagram") do not make the sentence a reference to the figure
            if (words.contains(" " + title + " ") && aboutAFigure(words.replace(" " + title + " ", " "))) {
                return "a sentence naming its title on line " + document.lineOf(Math.max(begin, at));
            }
        }
        return null;
    }

    /** The sentence without "Figure~\\ref{label}" where the label is one of the paper's own. */
    private static String withoutKeptFigures(String sentence, Set<String> labels) {
        TexDocument parsed = TexDocument.parse(sentence);
        TexEdits edits = TexEdits.of(parsed);
        for (TexCommand reference : parsed.commands(REFERENCES)) {
            if (!labels.contains(reference.lastText().strip())) {
                continue;
            }
            int wordEnd = reference.start();
            while (wordEnd > 0 && (sentence.charAt(wordEnd - 1) == '~' || sentence.charAt(wordEnd - 1) == ' ')) {
                wordEnd--;
            }
            int wordStart = wordEnd;
            while (wordStart > 0 && !Character.isWhitespace(sentence.charAt(wordStart - 1))) {
                wordStart--;
            }
            if (FIGURE_NAMES.contains(sentence.substring(wordStart, wordEnd).toLowerCase(Locale.ROOT))) {
                edits.replace(new TexSpan(wordStart, reference.end()), " ");
            }
        }
        return edits.isEmpty() ? sentence : edits.apply();
    }

    private static boolean aboutAFigure(String words) {
        for (String word : words.strip().split(" ")) {
            if (FIGURE_WORDS.stream().anyMatch(word::startsWith)) {
                return true;
            }
        }
        return false;
    }

    /** A label or id without figure prefixes and separators: fig:fig_method_overview and fig_method_overview meet. */
    private static String core(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String prefix : PREFIXES) {
                if (lower.startsWith(prefix)) {
                    lower = lower.substring(prefix.length());
                    stripped = true;
                }
            }
        }
        StringBuilder core = new StringBuilder();
        lower.chars().filter(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9').forEach(c -> core.append((char) c));
        return core.toString();
    }

    /** The source with comments and headings replaced by spaces, line ends kept. */
    private static String blanked(TexDocument document) {
        char[] text = document.source().toCharArray();
        for (TexToken token : document.tokens()) {
            if (token.kind() == TexToken.Kind.COMMENT) {
                blank(text, token.start(), token.end());
            }
        }
        for (TexCommand heading : document.commands(HEADINGS)) {
            blank(text, heading.start(), heading.end());
        }
        return new String(text);
    }

    private static void blank(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] != '\n') {
                text[i] = ' ';
            }
        }
    }
}
