package dev.paperorchestra.outline.materials;

import dev.paperorchestra.content.materials.Guidelines;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper submission deadline a venue's guidelines state, the research cutoff of a job that gives none (work
 * published after it cannot be cited as prior work). Read from a line naming a submission deadline; the full
 * paper's deadline wins over the abstract's, and registration or supplementary-material deadlines never count.
 * Dates: {@code 2024-11-14}, {@code November 14, 2024}, {@code 14 November 2024}.
 */
public final class SubmissionDeadline {

    private static final Pattern LINE = Pattern.compile("(?im)^.*\\bsubmission\\s+deadline\\b.*$");
    private static final Pattern ISO = Pattern.compile("\\b(\\d{4}-\\d{2}-\\d{2})\\b");
    private static final Pattern MONTH_FIRST = Pattern.compile("\\b([A-Z][a-z]+ \\d{1,2}, \\d{4})\\b");
    private static final Pattern DAY_FIRST = Pattern.compile("\\b(\\d{1,2} [A-Z][a-z]+ \\d{4})\\b");

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
        Matcher lines = LINE.matcher(guidelines);
        while (lines.find()) {
            String line = lines.group();
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.contains("registration") || lower.contains("supplementary")) {
                continue;
            }
            Optional<LocalDate> date = date(line);
            if (date.isEmpty()) {
                continue;
            }
            if (!lower.contains("abstract")) {
                return date;
            }
            abstractDeadline = abstractDeadline.or(() -> date);
        }
        return abstractDeadline;
    }

    private static Optional<LocalDate> date(String line) {
        Matcher iso = ISO.matcher(line);
        if (iso.find()) {
            return parse(iso.group(1), DateTimeFormatter.ISO_LOCAL_DATE);
        }
        Matcher monthFirst = MONTH_FIRST.matcher(line);
        if (monthFirst.find()) {
            return parse(monthFirst.group(1), DateTimeFormatter.ofPattern("MMMM d, yyyy", Locale.ENGLISH));
        }
        Matcher dayFirst = DAY_FIRST.matcher(line);
        if (dayFirst.find()) {
            return parse(dayFirst.group(1), DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH));
        }
        return Optional.empty();
    }

    private static Optional<LocalDate> parse(String text, DateTimeFormatter format) {
        try {
            return Optional.of(LocalDate.parse(text, format));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
