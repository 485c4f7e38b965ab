package dev.paperorchestra.writer.figures;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.GatesReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The paper's text does not refer to a figure that was left out: no reference to a label made from its id, no
 * file or id of it, and no sentence naming its title as a figure or diagram. Its findings join the CONTENT gate
 * (the paper showing something it does not have), so the model writer's repairs see them like any other.
 */
public final class LeftOutFigureCheck {

    private static final Pattern REFERENCE = Pattern.compile(
            "\\\\(?:[cC]ref|[aA]utoref|ref|pageref|eqref|nameref)\\*?\\s*\\{([^}]*)}");
    private static final Pattern FIGURE_WORD = Pattern.compile(
            "(?i)\\b(?:fig(?:ure)?s?\\b|diagrams?\\b|illustrat\\w*|depict\\w*|visuali[sz]\\w*)");
    private static final Pattern HEADING = Pattern.compile("\\\\(?:(?:sub)*section|paragraph)\\*?\\s*\\{[^}]*}");
    private static final Pattern COMMENT = Pattern.compile("(?m)(?<!\\\\)%.*$");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");
    private static final Pattern FIGURE_PREFIX = Pattern.compile("^(?:(?:fig(?:ure)?|diagram)[:_-])+");
    private static final Pattern LABEL = Pattern.compile("\\\\label\\s*\\{([^}]*)}");
    /** "Figure~\\ref{label}": when the label exists, the sentence is about a figure the paper has. */
    private static final Pattern FIGURE_REFERENCE = Pattern.compile(
            "(?i)\\b(?:fig(?:ure)?s?\\.?)\\s*~?\\s*\\\\(?:[cC]ref|[aA]utoref|ref)\\*?\\s*\\{([^}]*)}");
    /** Markup whose argument is a name, not prose ("\\begin{figure}" says nothing about a figure's subject). */
    private static final Pattern NAMING_MARKUP = Pattern.compile(
            "\\\\(?:begin|end|includegraphics|label|[cC]ref|[aA]utoref|ref|input|usepackage)\\*?(?:\\[[^\\]]*])?\\{[^}]*}");
    private static final int TITLE_MIN_WORDS = 2;

    private LeftOutFigureCheck() {
    }

    /** One finding per left-out figure the text refers to, naming the figure and the line. */
    public static List<String> findings(String tex, List<LeftOutFigure> leftOut) {
        List<String> findings = new ArrayList<>();
        int begin = Math.max(0, tex.indexOf("\\begin{document}"));
        // comments and headings blanked in place (offsets and lines stay true); a heading is not a sentence
        String body = blank(HEADING, blank(COMMENT, tex)).substring(begin);
        int linesBefore = (int) tex.substring(0, begin).chars().filter(c -> c == '\n').count();
        for (LeftOutFigure figure : leftOut) {
            String where = referenceTo(body, figure, linesBefore);
            if (where != null) {
                findings.add("the text refers to figure " + figure.figureId() + " (\"" + figure.title()
                        + "\"), which was left out (" + figure.reason() + "): " + where
                        + "; remove every mention of it and rest the point on the figures and tables that exist");
            }
        }
        return findings;
    }

    /** The report with these findings added to its CONTENT result. */
    public static GatesReport withFindings(GatesReport report, List<String> findings, int checked) {
        if (checked == 0) {
            return report;
        }
        List<GateResult> results = new ArrayList<>();
        for (GateResult result : report.results()) {
            if (result.gate() == Gate.CONTENT) {
                List<String> all = new ArrayList<>(result.findings());
                all.addAll(findings);
                results.add(new GateResult(Gate.CONTENT, result.checked() + checked, all));
            } else {
                results.add(result);
            }
        }
        return new GatesReport(results);
    }

    private static @Nullable String referenceTo(String body, LeftOutFigure figure, int linesBefore) {
        String core = core(figure.figureId());
        Matcher reference = REFERENCE.matcher(body);
        while (reference.find()) {
            for (String label : reference.group(1).split(",")) {
                if (!core.isEmpty() && core(label.strip()).equals(core)) {
                    return "\\ref{" + label.strip() + "} on line " + (linesBefore + line(body, reference.start()));
                }
            }
        }
        int id = body.indexOf(figure.figureId());
        if (id >= 0) {
            return "its id \"" + figure.figureId() + "\" on line " + (linesBefore + line(body, id));
        }
        String title = normal(figure.title());
        if (title.split(" ").length < TITLE_MIN_WORDS) {
            return null;
        }
        Set<String> labels = new HashSet<>();
        LABEL.matcher(body).results().forEach(label -> labels.add(label.group(1).strip()));
        int offset = 0;
        for (String sentence : SENTENCE_END.split(body)) {
            int at = body.indexOf(sentence, offset);
            offset = at < 0 ? offset : at + sentence.length();
            // "Figure~\\ref{fig:kept} draws <a title>": a figure the paper has, whose subject the left-out one shared
            String prose = FIGURE_REFERENCE.matcher(sentence).replaceAll(
                    m -> labels.contains(m.group(1).strip()) ? " " : Matcher.quoteReplacement(m.group()));
            String words = " " + normal(NAMING_MARKUP.matcher(prose).replaceAll(" ")) + " ";
            // the title's own words ("Pipeline diagram") do not make the sentence a reference to the figure
            if (words.contains(" " + title + " ")
                    && FIGURE_WORD.matcher(words.replace(" " + title + " ", " ")).find()) {
                return "a sentence naming its title on line " + (linesBefore + line(body, Math.max(0, at)));
            }
        }
        return null;
    }

    /** A label or id without figure prefixes and separators: fig:fig_method_overview and fig_method_overview meet. */
    private static String core(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        return FIGURE_PREFIX.matcher(lower).replaceFirst("").replaceAll("[^a-z0-9]", "");
    }

    private static String normal(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("\\\\[a-z]+", " ").replaceAll("[^a-z0-9]+", " ").strip();
    }

    private static String blank(Pattern pattern, String text) {
        return pattern.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group().replaceAll("[^\n]", " ")));
    }

    private static int line(String text, int offset) {
        return (int) text.substring(0, Math.min(offset, text.length())).chars().filter(c -> c == '\n').count() + 1;
    }
}
