package dev.paperorchestra.literature.registry;

import dev.paperorchestra.literature.text.Titles;
import dev.paperorchestra.literature.text.ContentWords;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Cite keys in the familiar {@code surname + year + first title word} form ({@code he2016deep}), ASCII
 * only so every BibTeX and LaTeX toolchain accepts them.
 */
public final class CiteKeys {

    private static final Set<String> NAME_SUFFIXES = Set.of("jr", "sr", "ii", "iii", "iv");

    private CiteKeys() {
    }

    /** The key before uniqueness suffixes. */
    public static String base(ScholarRecord record) {
        return surname(record.getAuthors()) + year(record) + firstWord(record.getTitle());
    }

    /** {@code base} itself when unused, else the first of base+a, base+b, ... that is. */
    public static String unique(String base, Set<String> used) {
        if (!used.contains(base)) {
            return base;
        }
        for (int n = 0; ; n++) {
            String candidate = base + suffix(n);
            if (!used.contains(candidate)) {
                return candidate;
            }
        }
    }

    static String surname(List<String> authors) {
        if (authors.isEmpty()) {
            return "anon";
        }
        String name = authors.getFirst().strip();
        if (name.contains(",")) {
            // "Surname, Given" form
            String surname = Titles.asciiLetters(name.substring(0, name.indexOf(',')));
            return surname.isEmpty() ? "anon" : surname;
        }
        List<String> parts = Arrays.stream(name.split("\\s+")).map(Titles::asciiLetters)
                .filter(part -> !part.isEmpty()).toList();
        for (int i = parts.size() - 1; i >= 0; i--) {
            if (!NAME_SUFFIXES.contains(parts.get(i)) || i == 0) {
                return parts.get(i);
            }
        }
        return "anon";
    }

    private static String year(ScholarRecord record) {
        if (record.getYear() != null) {
            return String.valueOf(record.getYear());
        }
        String date = record.getPublicationDate();
        return date != null && date.matches("\\d{4}.*") ? date.substring(0, 4) : "nd";
    }

    static String firstWord(String title) {
        for (String word : Titles.normalise(title).split(" ")) {
            String ascii = Titles.foldAccents(word).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
            if (!ascii.isEmpty() && !ContentWords.STOP_WORDS.contains(word)) {
                return ascii;
            }
        }
        return "";
    }

    /** a, b, ..., z, aa, ab, ... */
    private static String suffix(int n) {
        return n < 26 ? String.valueOf((char) ('a' + n)) : suffix(n / 26 - 1) + (char) ('a' + n % 26);
    }
}
