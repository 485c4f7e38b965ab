package dev.paperorchestra.outline.exemplar;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The top-level sections of one exemplar paper with each one's share of the text. Exemplars are hostile input:
 * LaTeX is only read as text (no macro is expanded, nothing is run or included), text past {@link #MAX_CHARS} is
 * ignored, and at most {@link #MAX_SECTIONS} sections with titles of at most {@link #MAX_TITLE} characters count.
 */
public final class ExemplarSections {

    /** Text read from one exemplar, LaTeX or extracted PDF text (about a 60-page paper). */
    public static final int MAX_CHARS = 400_000;
    static final int MAX_SECTIONS = 40;
    static final int MAX_TITLE = 80;

    private static final Pattern SECTION = Pattern.compile(
            "(?m)^[ \\t]*\\\\section\\*?\\s*\\{((?:[^{}\\n]|\\{[^{}\\n]*})*)}");
    private static final Pattern END = Pattern.compile(
            "\\\\(?:bibliography\\{|bibliographystyle|appendix\\b|begin\\{thebibliography}|end\\{document})");
    private static final Pattern COMMENT = Pattern.compile("(?m)(?<!\\\\)%.*$");
    private static final Pattern COMMAND = Pattern.compile("\\\\[a-zA-Z@]+\\*?|[{}$&~^_]");
    /** A numbered heading line of extracted PDF text: "3 Method", "4. Experiments and Results". */
    private static final Pattern PDF_HEADING = Pattern.compile(
            "(?m)^[ \\t]*(\\d{1,2})\\.?[ \\t]+(\\p{Lu}[\\p{L} ,:&'-]{2,79})[ \\t]*$");
    private static final Pattern PDF_END = Pattern.compile("(?m)^[ \\t]*(?:References|Bibliography|Appendix)\\s*$");

    /**
     * @param title  the section title as written (markup removed)
     * @param chars  its body's length in text characters (markup and whitespace runs not counted)
     */
    public record Section(String title, int chars) {
    }

    private ExemplarSections() {
    }

    /** The sections of a LaTeX exemplar, up to the bibliography or appendix. */
    public static List<Section> ofLatex(String tex) {
        String text = COMMENT.matcher(capped(tex)).replaceAll("");
        Matcher end = END.matcher(text);
        String body = end.find() ? text.substring(0, end.start()) : text;
        List<Section> sections = new ArrayList<>();
        Matcher section = SECTION.matcher(body);
        List<int[]> bounds = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        while (section.find() && titles.size() < MAX_SECTIONS) {
            titles.add(plain(section.group(1)));
            bounds.add(new int[] {section.end(), 0});
        }
        section.reset();
        for (int i = 0; i < titles.size(); i++) {
            int from = bounds.get(i)[0];
            int to = i + 1 < titles.size() ? headingStart(body, bounds.get(i + 1)[0]) : body.length();
            sections.add(new Section(titles.get(i), textLength(body.substring(from, Math.max(from, to)))));
        }
        return sections.stream().filter(s -> !s.title().isBlank() && s.title().length() <= MAX_TITLE).toList();
    }

    /**
     * The sections of an exemplar's extracted PDF text: numbered headings on a line of their own, numbered from 1
     * upwards without gaps (a number in running text or a table is not a heading), up to the references.
     */
    public static List<Section> ofPdfText(String extracted) {
        String text = capped(extracted);
        List<Integer> starts = new ArrayList<>();
        List<Integer> bodies = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        Matcher heading = PDF_HEADING.matcher(text);
        int stop = text.length();
        int expected = 1;
        while (heading.find() && heading.start() < stop && titles.size() < MAX_SECTIONS) {
            if (Integer.parseInt(heading.group(1)) == expected) {
                starts.add(heading.start());
                bodies.add(heading.end());
                titles.add(heading.group(2).strip());
                if (expected++ == 1) {
                    // the references end the body; the first heading tells front matter from the paper
                    Matcher end = PDF_END.matcher(text);
                    stop = end.find(heading.end()) ? end.start() : text.length();
                }
            }
        }
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < titles.size(); i++) {
            int to = i + 1 < titles.size() ? starts.get(i + 1) : stop;
            sections.add(new Section(titles.get(i), textLength(text.substring(bodies.get(i), to))));
        }
        return sections;
    }

    private static int headingStart(String body, int headingEnd) {
        int lineStart = body.lastIndexOf('\n', headingEnd - 1);
        Matcher matcher = SECTION.matcher(body);
        return matcher.find(Math.max(0, lineStart)) ? matcher.start() : headingEnd;
    }

    private static String capped(String text) {
        return text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    private static String plain(String title) {
        return COMMAND.matcher(title).replaceAll("").replaceAll("\\s+", " ").strip();
    }

    private static int textLength(String body) {
        return COMMAND.matcher(body).replaceAll(" ").replaceAll("\\s+", " ").strip().length();
    }
}
