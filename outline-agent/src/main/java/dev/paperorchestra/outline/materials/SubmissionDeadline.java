package dev.paperorchestra.outline.materials;

import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdTable;
import dev.paperorchestra.model.text.Prose;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The paper submission deadline a venue's guidelines state, the research cutoff of a job that gives none (work
 * published after it cannot be cited as prior work). The guidelines' own reading ({@link Guidelines}) decides
 * first; else a sentence of the guidelines (a paragraph, a list item, a heading or a table row as the paper model
 * reads them) naming a submission deadline: the full paper's deadline wins over the abstract's, and registration
 * or supplementary-material deadlines never count. Dates: {@code 2024-11-14}, {@code November 14, 2024},
 * {@code 14 November 2024}.
 */
public final class SubmissionDeadline {

    private static final DateTimeFormatter MONTH_FIRST = DateTimeFormatter.ofPattern("MMMM d yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter DAY_FIRST = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH);

    private SubmissionDeadline() {
    }

    /** The paper submission deadline of these guidelines, or empty when they state none. */
    public static Optional<LocalDate> of(String guidelines) {
        // the guidelines' own reading first: it knows written dates ("Nov. 14, 2025") and "papers are due"
        Optional<LocalDate> paperDeadline = Guidelines.parse(guidelines).deadline();
        if (paperDeadline.isPresent()) {
            return paperDeadline;
        }
        Optional<LocalDate> abstractDeadline = Optional.empty();
        for (String sentence : sentences(guidelines)) {
            String normal = Prose.normalised(sentence);
            if (!(" " + normal + " ").contains(" submission deadline ") || normal.contains("registration")
                    || normal.contains("supplementary")) {
                continue;
            }
            Optional<LocalDate> date = date(sentence);
            if (date.isEmpty()) {
                continue;
            }
            if (!normal.contains("abstract")) {
                return date;
            }
            abstractDeadline = abstractDeadline.or(() -> date);
        }
        return abstractDeadline;
    }

    /** Every sentence the guidelines state, in order: headings, paragraphs, list items, table rows. */
    private static List<String> sentences(String guidelines) {
        MarkdownDocument document = MarkdownDocument.parse(guidelines);
        List<String> texts = new ArrayList<>();
        document.headings().forEach(heading -> texts.add(heading.title()));
        document.statements().forEach(statement -> texts.addAll(Prose.sentences(statement)));
        for (MdTable table : document.tables()) {
            table.rows().forEach(row -> texts.add(String.join(" ", row.stream().map(cell -> cell.plain()).toList())));
        }
        return texts;
    }

    /** The first date of a sentence: ISO, "November 14, 2024" or "14 November 2024". */
    static Optional<LocalDate> date(String sentence) {
        List<String> words = new ArrayList<>();
        for (String word : Prose.words(sentence)) {
            String bare = trimmed(word);
            if (!bare.isEmpty()) {
                words.add(bare);
            }
        }
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (isIso(word)) {
                return parse(word, DateTimeFormatter.ISO_LOCAL_DATE);
            }
            if (i + 2 < words.size()) {
                String day = words.get(i + 1);
                String year = words.get(i + 2);
                if (isMonth(word) && isDigits(day, 1, 2) && isDigits(year, 4, 4)) {
                    return parse(word + " " + day + " " + year, MONTH_FIRST);
                }
                if (isDigits(word, 1, 2) && isMonth(day) && isDigits(year, 4, 4)) {
                    return parse(word + " " + day + " " + year, DAY_FIRST);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isIso(String word) {
        return word.length() == 10 && word.charAt(4) == '-' && word.charAt(7) == '-'
                && isDigits(word.substring(0, 4), 4, 4) && isDigits(word.substring(5, 7), 2, 2)
                && isDigits(word.substring(8), 2, 2);
    }

    /** A capitalised word of letters: a month name is then checked by parsing. */
    private static boolean isMonth(String word) {
        return word.length() >= 3 && Character.isUpperCase(word.charAt(0))
                && word.chars().allMatch(c -> c < 128 && Character.isLetter(c));
    }

    private static boolean isDigits(String word, int min, int max) {
        return word.length() >= min && word.length() <= max && word.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** The word without the punctuation around it ("14," "(2024-11-14)"). */
    private static String trimmed(String word) {
        int start = 0;
        int end = word.length();
        while (start < end && !Character.isLetterOrDigit(word.charAt(start))) {
            start++;
        }
        while (end > start && !Character.isLetterOrDigit(word.charAt(end - 1))) {
            end--;
        }
        return word.substring(start, end);
    }

    private static Optional<LocalDate> parse(String text, DateTimeFormatter format) {
        try {
            return Optional.of(LocalDate.parse(text, format));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
