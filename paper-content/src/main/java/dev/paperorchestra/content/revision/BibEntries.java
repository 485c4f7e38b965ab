package dev.paperorchestra.content.revision;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The entries of a BibTeX file with the fields a citation is matched by: key, title and author surnames. */
final class BibEntries {

    /**
     * @param key      the cite key
     * @param title    the title, braces removed
     * @param surnames the authors' surnames, lower case
     * @param year     the year as written, "" when none
     * @param text     the entry as written
     */
    record Entry(String key, String title, List<String> surnames, String year, String text) {
    }

    private static final Pattern START = Pattern.compile(
            "(?m)^[^\\S\\n]*+@\\s*+([a-zA-Z]++)\\s*+\\{\\s*+([^,\\s{}]++)\\s*+,");
    private static final Pattern TITLE = Pattern.compile("(?i)\\btitle\\s*+=\\s*+[{\"]");
    private static final Pattern YEAR = Pattern.compile("(?i)\\byear\\s*=\\s*[{\"]?\\s*(\\d{4})");
    private static final Pattern AUTHOR = Pattern.compile("(?i)\\bauthor\\s*+=\\s*+[{\"]");
    /**
     * Where a field's value ends: a closing brace or quote that ends its line. Searched once from the first
     * {@code title =} (a lazy pattern tried from every one rescans the rest of the file each time: quadratic).
     */
    private static final Pattern VALUE_END = Pattern.compile("[}\"][^\\S\\n]*+,?[^\\S\\n]*+(?:\\n|$)");

    private BibEntries() {
    }

    static List<Entry> of(String bibtex) {
        List<Entry> entries = new ArrayList<>();
        Matcher start = START.matcher(bibtex);
        List<int[]> spans = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        while (start.find()) {
            String type = start.group(1).toLowerCase(Locale.ROOT);
            if (!type.equals("string") && !type.equals("comment") && !type.equals("preamble")) {
                spans.add(new int[] {start.start(), start.end()});
                keys.add(start.group(2));
            }
        }
        for (int i = 0; i < spans.size(); i++) {
            int end = i + 1 < spans.size() ? spans.get(i + 1)[0] : bibtex.length();
            String text = bibtex.substring(spans.get(i)[0], end).strip();
            String fields = bibtex.substring(spans.get(i)[1], end);
            Matcher year = YEAR.matcher(fields);
            entries.add(new Entry(keys.get(i), field(TITLE, fields), surnames(field(AUTHOR, fields)),
                    year.find() ? year.group(1) : "", text));
        }
        return entries;
    }

    private static String field(Pattern pattern, String fields) {
        Matcher start = pattern.matcher(fields);
        if (!start.find()) {
            return "";
        }
        Matcher end = VALUE_END.matcher(fields);
        return end.find(start.end()) ? fields.substring(start.end(), end.start()).replaceAll("[{}]", "")
                .replaceAll("\\s+", " ").strip() : "";
    }

    /** "Fedus, William and Zoph, Barret" or "William Fedus and Barret Zoph" → [fedus, zoph]. */
    private static List<String> surnames(String authors) {
        List<String> surnames = new ArrayList<>();
        for (String author : authors.split("\\s+and\\s+")) {
            String name = author.strip();
            if (name.isEmpty()) {
                continue;
            }
            String surname = name.contains(",") ? name.substring(0, name.indexOf(',')) : name.substring(
                    name.lastIndexOf(' ') + 1);
            surnames.add(surname.strip().toLowerCase(Locale.ROOT));
        }
        return surnames;
    }
}
