package dev.paperorchestra.content.revision;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a review point names the works it asks about: coined names ("ZoeDepth", "SM3", "CompletionFormer", a title's
 * lead word such as "Adafactor") and author-year citations ("Anil et al., 2019", "(Gupta et al. 2018)").
 *
 * @param coined  names written as no ordinary word is: an inner capital, a digit, or capitals only
 * @param words   capitalised words that do not open a sentence ("Shampoo", "Marigold")
 * @param authors surname (lower case) and year of each author-year citation; the year "" when none was given
 */
record WorkNames(Set<String> coined, Set<String> words, List<Author> authors) {

    record Author(String surname, String year) {
    }

    private static final Pattern CITATION = Pattern.compile(
            "(\\p{Lu}[\\p{L}'-]+)(?:\\s+et\\s+al\\.?|\\s+(?:and|&)\\s+\\p{Lu}[\\p{L}'-]+)(?:,?\\s*\\(?\\s*((?:19|20)\\d{2}))?");
    private static final Pattern CAPITALISED = Pattern.compile("(?<![.?!:]\\s)(?<!^)(?<![\\p{L}\\p{N}])(\\p{Lu}[\\p{L}\\p{N}-]+)");
    private static final Pattern COINED = Pattern.compile("\\p{L}*(\\p{Ll}\\p{Lu}|\\p{N})[\\p{L}\\p{N}-]*|\\p{Lu}{2,}\\p{N}*");
    /** Capitalised words that name no work: sentence furniture and the paper's own parts. */
    private static final Set<String> FURNITURE = Set.of("i", "the", "this", "table", "tables", "figure", "figures",
            "section", "sections", "appendix", "eq", "equation", "please", "reviewer", "reviewers", "authors");

    WorkNames {
        coined = Set.copyOf(coined);
        words = Set.copyOf(words);
        authors = List.copyOf(authors);
    }

    static WorkNames of(String text) {
        Set<String> coined = new LinkedHashSet<>();
        Set<String> words = new LinkedHashSet<>();
        List<Author> authors = new ArrayList<>();
        Matcher citation = CITATION.matcher(text);
        Set<String> surnames = new LinkedHashSet<>();
        while (citation.find()) {
            String surname = citation.group(1).toLowerCase(Locale.ROOT);
            surnames.add(surname);
            authors.add(new Author(surname, citation.group(2) == null ? "" : citation.group(2)));
        }
        Matcher word = CAPITALISED.matcher(text);
        while (word.find()) {
            String name = word.group(1);
            String lower = name.toLowerCase(Locale.ROOT);
            if (FURNITURE.contains(lower) || surnames.contains(lower)) {
                continue;
            }
            (COINED.matcher(name).matches() ? coined : words).add(lower);
        }
        return new WorkNames(coined, words, authors);
    }

    /** A coined name or an author-year citation says which work is meant; ordinary capitalised words do not. */
    boolean identifies() {
        return !coined.isEmpty() || authors.stream().anyMatch(author -> !author.year().isEmpty());
    }

    /**
     * How surely the entry is a work named here, 0 when it is not: 2 for a coined name in its title or its first
     * author with the year given; 1 for a capitalised word that leads its title (the part before a colon) or its
     * first author, without a year, with a title word named here.
     */
    int strength(BibEntries.Entry entry) {
        Set<String> title = titleWords(entry.title());
        String first = entry.surnames().isEmpty() ? "" : entry.surnames().getFirst();
        boolean dated = authors.stream().anyMatch(author -> author.surname().equals(first) && !author.year().isEmpty()
                && author.year().equals(entry.year()));
        if (dated || coined.stream().anyMatch(title::contains)) {
            return 2;
        }
        int colon = entry.title().indexOf(':');
        boolean leads = colon > 0 && words.stream().anyMatch(titleWords(entry.title().substring(0, colon))::contains);
        boolean undated = authors.stream().anyMatch(author -> author.surname().equals(first) && author.year().isEmpty()
                && words.stream().anyMatch(title::contains));
        return leads || undated ? 1 : 0;
    }

    private static Set<String> titleWords(String title) {
        Set<String> words = new LinkedHashSet<>();
        for (String word : title.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}-]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }
}
