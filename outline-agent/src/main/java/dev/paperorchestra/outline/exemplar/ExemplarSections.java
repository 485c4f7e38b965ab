package dev.paperorchestra.outline.exemplar;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The top-level sections of one exemplar paper with each one's share of the text. Exemplars are hostile input:
 * LaTeX is only read by the paper model's {@link TexDocument} (no macro is expanded, nothing is run or included;
 * comments, definitions and messages are not structure), text past {@link #MAX_CHARS} is ignored, and at most
 * {@link #MAX_SECTIONS} sections with titles of at most {@link #MAX_TITLE} characters count.
 */
public final class ExemplarSections {

    /** Text read from one exemplar, LaTeX or extracted PDF text (about a 60-page paper). */
    public static final int MAX_CHARS = 400_000;
    static final int MAX_SECTIONS = 40;
    static final int MAX_TITLE = 80;

    /** Lines of extracted PDF text that end the paper's body. */
    private static final Set<String> PDF_END = Set.of("References", "Bibliography", "Appendix");
    private static final int MAX_PDF_NUMBER = 99;
    private static final int MIN_PDF_TITLE = 3;

    /**
     * @param title  the section title as written (markup removed)
     * @param chars  its body's length in text characters (markup and whitespace runs not counted)
     */
    public record Section(String title, int chars) {
    }

    private ExemplarSections() {
    }

    /** The sections of a LaTeX exemplar ({@code \\section}), up to the bibliography or appendix. */
    public static List<Section> ofLatex(String tex) {
        TexDocument document = TexDocument.parse(capped(tex));
        int end = document.mainTextEnd(Set.of());
        List<Section> sections = new ArrayList<>();
        for (TexSection section : document.sections()) {
            if (section.level() != 1 || section.heading().start() >= end) {
                continue;
            }
            if (sections.size() == MAX_SECTIONS) {
                break;
            }
            sections.add(new Section(Prose.plainWords(section.title()), textLength(document.plainText(
                    section.body()))));
        }
        return sections.stream().filter(s -> !s.title().isBlank() && s.title().length() <= MAX_TITLE).toList();
    }

    /**
     * The sections of an exemplar's extracted PDF text: numbered headings on a line of their own ("3 Method",
     * "4. Experiments and Results": a number, an optional full stop, a capitalised title of letters, spaces and
     * {@code ,:&'-}), numbered from 1 upwards without gaps (a number in running text or a table is not a heading),
     * up to the references.
     */
    public static List<Section> ofPdfText(String extracted) {
        String text = capped(extracted);
        List<int[]> bounds = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        int stop = text.length();
        int expected = 1;
        int lineStart = 0;
        while (lineStart < text.length() && lineStart < stop && titles.size() < MAX_SECTIONS) {
            int lineEnd = text.indexOf('\n', lineStart);
            lineEnd = lineEnd < 0 ? text.length() : lineEnd;
            String line = text.substring(lineStart, lineEnd);
            PdfHeading heading = PdfHeading.of(line);
            if (heading != null && heading.number() == expected) {
                bounds.add(new int[] {lineStart, lineEnd});
                titles.add(heading.title());
                if (expected++ == 1) {
                    // the references end the body; the first heading tells front matter from the paper
                    stop = endOfBody(text, lineEnd);
                }
            }
            lineStart = lineEnd + 1;
        }
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < titles.size(); i++) {
            int to = i + 1 < titles.size() ? bounds.get(i + 1)[0] : stop;
            sections.add(new Section(titles.get(i), textLength(text.substring(Math.min(bounds.get(i)[1], to), to))));
        }
        return sections;
    }

    /** A numbered heading line of extracted PDF text. */
    private record PdfHeading(int number, String title) {

        static PdfHeading of(String line) {
            String stripped = line.strip();
            int digits = 0;
            while (digits < stripped.length() && digits < 3 && Character.isDigit(stripped.charAt(digits))) {
                digits++;
            }
            if (digits == 0 || digits > 2) {
                return null;
            }
            int at = digits;
            if (at < stripped.length() && stripped.charAt(at) == '.') {
                at++;
            }
            if (at >= stripped.length() || stripped.charAt(at) != ' ' && stripped.charAt(at) != '\t') {
                return null;
            }
            String title = stripped.substring(at).strip();
            boolean letters = title.chars().allMatch(c -> Character.isLetter(c) || " ,:&'-".indexOf(c) >= 0);
            if (title.length() < MIN_PDF_TITLE || title.length() > MAX_TITLE || !letters
                    || !Character.isUpperCase(title.charAt(0))) {
                return null;
            }
            int number = Integer.parseInt(stripped.substring(0, digits));
            return number <= MAX_PDF_NUMBER ? new PdfHeading(number, title) : null;
        }
    }

    /** Where the first line after {@code from} that reads "References" (or "Bibliography", "Appendix") starts. */
    private static int endOfBody(String text, int from) {
        int lineStart = from + 1;
        while (lineStart < text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            lineEnd = lineEnd < 0 ? text.length() : lineEnd;
            if (PDF_END.contains(text.substring(lineStart, lineEnd).strip())) {
                return lineStart;
            }
            lineStart = lineEnd + 1;
        }
        return text.length();
    }

    private static String capped(String text) {
        return text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    /** Characters of text, every run of whitespace counted as one. */
    private static int textLength(String body) {
        int length = 0;
        boolean space = false;
        for (int i = 0; i < body.length(); i++) {
            if (Character.isWhitespace(body.charAt(i))) {
                space = length > 0;
            } else {
                length += space ? 2 : 1;
                space = false;
            }
        }
        return length;
    }
}
