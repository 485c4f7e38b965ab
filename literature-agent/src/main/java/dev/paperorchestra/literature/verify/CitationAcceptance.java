package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * When a resolved candidate may be cited: its title matches the record's (similarity plus a bonus when
 * the years agree must exceed the threshold), the record has an abstract, and it was published strictly
 * before the research cutoff. Pure functions; the rules are applied in that order and the first failure is
 * the reason.
 *
 * @param threshold similarity (0-100) the score must exceed
 * @param yearBonus added to the similarity when the candidate's year equals the record's
 */
public record CitationAcceptance(double threshold, double yearBonus) {

    public Verdict judge(Candidate candidate, ScholarRecord record, @Nullable LocalDate cutoff) {
        double similarity = TitleSimilarity.ratio(candidate.getTitle(), record.getTitle());
        double score = similarity + (yearsAgree(candidate, record) ? yearBonus : 0);
        if (score <= threshold) {
            return new Verdict.Rejected(similarity, RejectionReason.TITLE_MISMATCH,
                    "title similarity " + (long) Math.floor(score) + " <= " + format(threshold));
        }
        if (record.getAbstractText() == null || record.getAbstractText().isBlank()) {
            return new Verdict.Rejected(similarity, RejectionReason.NO_ABSTRACT, "no abstract");
        }
        return publishedAfterCutoff(record, cutoff)
                .<Verdict>map(reason -> new Verdict.Rejected(similarity, RejectionReason.NOT_BEFORE_CUTOFF, reason))
                .orElseGet(() -> new Verdict.Accepted(similarity));
    }

    /**
     * Why the record does not predate the cutoff, or empty when it does (or there is no cutoff). A record
     * known only by year predates the cutoff only when its whole year does.
     */
    public static Optional<String> publishedAfterCutoff(ScholarRecord record, @Nullable LocalDate cutoff) {
        if (cutoff == null) {
            return Optional.empty();
        }
        LocalDate published = date(record.getPublicationDate());
        if (published != null) {
            return published.isBefore(cutoff) ? Optional.empty()
                    : Optional.of("published " + published + ", not before cutoff " + cutoff);
        }
        Integer year = record.getYear();
        if (year == null) {
            return Optional.of("publication date unknown, cannot show it predates cutoff " + cutoff);
        }
        return year < cutoff.getYear() ? Optional.empty()
                : Optional.of("published " + year + ", not before cutoff " + cutoff);
    }

    /**
     * The cutoff of a job: an ISO date, or YYYY-MM meaning the first day of that month; null for none.
     *
     * @throws IllegalArgumentException when the text is neither
     */
    public static @Nullable LocalDate cutoff(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String value = text.strip();
        try {
            return LocalDate.parse(value.length() == 7 ? value + "-01" : value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("cutoff date '" + text + "' is not YYYY-MM-DD or YYYY-MM", e);
        }
    }

    private static boolean yearsAgree(Candidate candidate, ScholarRecord record) {
        return candidate.getYear() != null && candidate.getYear().equals(record.getYear());
    }

    private static @Nullable LocalDate date(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
