package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbered citation markers as a PDF or web export leaves them in text: {@code [1]}, {@code [2, 3]}, {@code [4–6]}
 * and superscripts flattened onto the word before them ({@code interactions7, 8}, {@code cells12,13}). Without
 * the reference list they point into, they are noise; our papers cite with {@code \cite}.
 *
 * <p>The rules are conservative because a wrong guess deletes a real number: a bracket holding 0, or two numbers
 * after "in", "between", "range" and the like, is an interval ({@code in [0, 1]}, {@code between [1, 5]}); a
 * bracket glued to a short word or a digit is an index ({@code x[1]}, {@code a1[2]}). A flattened superscript
 * needs at least two ascending numbers after a lower-case word ({@code CD4}, {@code H2O}, {@code p53},
 * {@code top-5}, {@code ResNet50}, {@code cifar10}, {@code layer 3} are never markers); a single flattened number
 * ({@code interactions7}) only counts in a text that already shows the two-number form, outside a list of label
 * words ({@code week12}, {@code exon5}).
 */
public final class CitationMarkers {

    /** A marker found: where it is (the digits only, for a flattened superscript). */
    public record Marker(int start, int end, String text) {
    }

    private static final Pattern BRACKET = Pattern.compile(
            "\\[(\\d{1,3}(?:\\s*(?:,|–|—|--?)\\s*\\d{1,3})*)]");
    private static final Pattern GLUED_LIST = Pattern.compile(
            "(?<![\\w\\-./\\\\])([a-z]{3,})(\\d{1,3}(?:(?:, ?|,|–|-)\\d{1,3})+)(?=[\\s.,;:)]|$)");
    private static final Pattern GLUED_ONE = Pattern.compile(
            "(?<![\\w\\-./\\\\])([a-z]{4,})([1-9]\\d{0,2})(?=[.,;:)]|\\s+[a-z(]|\\s*$)");
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    /** Words before a bracket that make two numbers an interval, not a citation. */
    private static final Set<String> INTERVAL_WORDS = Set.of("in", "within", "between", "range", "ranges",
            "ranging", "interval", "intervals", "from", "to", "of", "over", "on", "=", "∈", ":", "is", "are", "at");
    /** Words a number is legitimately glued to in lab notes (week12, exon5, batch3). */
    private static final Set<String> LABEL_WORDS = Set.of("day", "days", "week", "weeks", "month", "months", "hour",
            "hours", "year", "years", "passage", "sample", "samples", "patient", "patients", "donor", "donors",
            "mouse", "mice", "replicate", "replicates", "batch", "batches", "lane", "lanes", "plate", "plates",
            "well", "wells", "clone", "clones", "exon", "exons", "intron", "introns", "chr", "chrom", "chromosome",
            "group", "groups", "cohort", "round", "rounds", "epoch", "epochs", "step", "steps", "layer", "layers",
            "stage", "stages", "phase", "phases", "figure", "table", "panel", "panels", "run", "runs", "seed",
            "seeds", "fold", "folds", "split", "trial", "trials", "site", "sites", "visit", "subject", "subjects",
            "cifar", "conv", "block", "blocks", "version", "level", "levels", "type", "class", "classes", "part",
            "section", "item", "items", "node", "nodes", "gpus", "cores", "model", "models", "mnist", "imagenet");

    private CitationMarkers() {
    }

    /**
     * The markers in one line of plain text (a markdown line or a LaTeX line with math and commands already
     * blanked), in order.
     *
     * @param flattenedSeen whether the text around this line shows the two-number flattened form, which lets a
     *                      single flattened number count
     */
    public static List<Marker> find(String line, boolean flattenedSeen) {
        List<Marker> markers = new ArrayList<>();
        Matcher bracket = BRACKET.matcher(line);
        while (bracket.find()) {
            if (isBracketMarker(line, bracket)) {
                markers.add(new Marker(bracket.start(), bracket.end(), bracket.group()));
            }
        }
        Matcher glued = GLUED_LIST.matcher(line);
        while (glued.find()) {
            if (!LABEL_WORDS.contains(glued.group(1)) && ascending(glued.group(2))) {
                markers.add(new Marker(glued.start(2), glued.end(2), glued.group()));
            }
        }
        if (flattenedSeen) {
            Matcher one = GLUED_ONE.matcher(line);
            while (one.find()) {
                int start = one.start(2);
                if (!LABEL_WORDS.contains(one.group(1)) && markers.stream().noneMatch(m -> m.start() <= start
                        && start < m.end())) {
                    markers.add(new Marker(start, one.end(2), one.group()));
                }
            }
        }
        markers.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return markers;
    }

    /** Whether a text shows the unmistakable flattened form ({@code interactions7, 8}) anywhere. */
    public static boolean showsFlattenedList(String text) {
        Matcher glued = GLUED_LIST.matcher(text);
        while (glued.find()) {
            if (!LABEL_WORDS.contains(glued.group(1)) && ascending(glued.group(2))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isBracketMarker(String line, Matcher bracket) {
        int start = bracket.start();
        int end = bracket.end();
        if (end < line.length() && "([:{".indexOf(line.charAt(end)) >= 0) {
            return false; // a markdown link, a link definition or a LaTeX optional argument
        }
        List<Integer> numbers = numbers(bracket.group(1));
        if (numbers.contains(0)) {
            return false; // citations count from 1; [0, 1] is an interval
        }
        if (start > 0) {
            char before = line.charAt(start - 1);
            if (before == '!' || before == '\\' || before == ']' || before == '^' || before == '_'
                    || Character.isDigit(before)) {
                return false;
            }
            if (Character.isLetter(before)) {
                // "previously[1]" is a glued marker; "x[1]" and "arr[2]" are indices
                int wordStart = start - 1;
                while (wordStart > 0 && Character.isLetter(line.charAt(wordStart - 1))) {
                    wordStart--;
                }
                boolean wordAlone = wordStart == 0 || Character.isWhitespace(line.charAt(wordStart - 1));
                if (start - wordStart < 4 || !wordAlone) {
                    return false;
                }
            }
        }
        if (numbers.size() == 2 && bracket.group(1).contains(",")) {
            String previous = previousWord(line, start);
            if (INTERVAL_WORDS.contains(previous)) {
                return false;
            }
        }
        return true;
    }

    private static String previousWord(String line, int index) {
        int end = index;
        while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && !Character.isWhitespace(line.charAt(start - 1))) {
            start--;
        }
        return line.substring(start, end).toLowerCase(java.util.Locale.ROOT);
    }

    private static boolean ascending(String list) {
        List<Integer> numbers = numbers(list);
        if (list.matches(".*\\b0\\d.*")) {
            return false; // "1,000" is a number, not markers 1 and 0
        }
        for (int i = 1; i < numbers.size(); i++) {
            if (numbers.get(i) <= numbers.get(i - 1)) {
                return false;
            }
        }
        return numbers.getFirst() > 0;
    }

    private static List<Integer> numbers(String list) {
        List<Integer> numbers = new ArrayList<>();
        Matcher number = NUMBER.matcher(list);
        while (number.find()) {
            numbers.add(Integer.parseInt(number.group()));
        }
        return numbers;
    }
}
