package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import dev.paperorchestra.model.vocabulary.PreprintIds;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The idea and the log as researchers hold them, cleaned before anything is written from them: text exported
 * from a PDF, a JATS/bioRxiv full text or a JSON string carries identifiers, a pasted reference list, citation
 * markers without their references and LaTeX whose backslashes were eaten. None of it may reach the paper.
 *
 * <p>Removed: bioRxiv/medRxiv/JATS identifiers in every form (figure ids such as
 * {@code biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.}, {@code 10.1101/...} DOIs with or without {@code doi:},
 * bioRxiv and doi.org links, figure assets such as {@code F1.large.jpg} or {@code pone.0123456.g001}, PMC and
 * PubMed ids, {@code <jats:...>} tags); a pasted reference list (a "References" or "Bibliography" section, or a
 * run of lines that look like numbered references); citation markers without a reference ({@link
 * CitationMarkers}). Repaired: LaTeX commands whose backslash a JSON string turned into a control character
 * ({@code \t}, {@code \n}, {@code \r}, {@code \b}, {@code \f}: TAB+"ext{" is {@code \text{}, LF+"abla" is
 * {@code \nabla}) or lost ({@code $_mathcal{J}$}), inside math where that is unambiguous; a formula still damaged
 * after that is dropped, never compiled into garbage.
 *
 * <p>Tables, the caption line above each, and fenced code are kept exactly as written: every agent finds the
 * log's tables by their captions in the text as submitted, so they must read the same before and after.
 */
public final class MessyNotes {

    /** What was removed or repaired, each with its words for the intake's note. */
    public enum Kind {
        FIGURE_ID("bioRxiv/JATS figure id", "bioRxiv/JATS figure ids"),
        PREPRINT_ID("bioRxiv/medRxiv DOI or link", "bioRxiv/medRxiv DOIs and links"),
        PUBMED_ID("PubMed/PMC id", "PubMed/PMC ids"),
        JATS_TAG("JATS tag", "JATS tags"),
        CITATION_MARKER("citation marker without a reference", "citation markers without a reference"),
        CONTROL_CHARACTER("stray control character", "stray control characters"),
        EXPORT_LABEL("export tool's label", "export tool's labels"),
        GLUED_HEADING("section title glued to its text", "section titles glued to their text"),
        LATEX_REPAIRED("LaTeX command damaged by a JSON escape or a lost backslash",
                "LaTeX commands damaged by JSON escapes or lost backslashes"),
        MATH_DROPPED("formula too damaged to repair", "formulas too damaged to repair");

        private final String one;
        private final String many;

        Kind(String one, String many) {
            this.one = one;
            this.many = many;
        }

        String count(int n) {
            return n + " " + (n == 1 ? one : many);
        }
    }

    /**
     * The cleaned text and what was done to it.
     *
     * @param text           the text to write from
     * @param counts         how many of each kind were removed, repaired or dropped
     * @param referenceLists pasted reference lists removed
     * @param referenceLines their non-blank lines
     */
    public record Cleaned(String text, Map<Kind, Integer> counts, int referenceLists, int referenceLines) {

        public Cleaned {
            counts = Map.copyOf(counts);
        }

        public int count(Kind kind) {
            return counts.getOrDefault(kind, 0);
        }

        public boolean changed() {
            return referenceLists > 0 || counts.values().stream().anyMatch(n -> n > 0);
        }

        /**
         * The intake's note, e.g. {@code experimental_log.md: removed 60 bioRxiv/JATS figure ids, a pasted
         * reference list (42 lines), 17 citation markers without a reference; repaired 3 LaTeX commands damaged
         * by JSON escapes or lost backslashes}; empty when nothing was done.
         */
        public Optional<String> note(String file) {
            if (!changed()) {
                return Optional.empty();
            }
            List<String> removed = new ArrayList<>();
            for (Kind kind : List.of(Kind.FIGURE_ID, Kind.PREPRINT_ID, Kind.PUBMED_ID, Kind.JATS_TAG)) {
                add(removed, kind);
            }
            if (referenceLists > 0) {
                removed.add((referenceLists == 1 ? "a pasted reference list" : referenceLists
                        + " pasted reference lists") + " (" + referenceLines + (referenceLines == 1 ? " line)"
                                : " lines)"));
            }
            add(removed, Kind.CITATION_MARKER);
            add(removed, Kind.CONTROL_CHARACTER);
            add(removed, Kind.EXPORT_LABEL);
            add(removed, Kind.GLUED_HEADING);
            List<String> parts = new ArrayList<>();
            if (!removed.isEmpty()) {
                parts.add("removed " + String.join(", ", removed));
            }
            if (count(Kind.LATEX_REPAIRED) > 0) {
                parts.add("repaired " + Kind.LATEX_REPAIRED.count(count(Kind.LATEX_REPAIRED)));
            }
            if (count(Kind.MATH_DROPPED) > 0) {
                parts.add("dropped " + Kind.MATH_DROPPED.count(count(Kind.MATH_DROPPED)));
            }
            return Optional.of(file + ": " + String.join("; ", parts) + "; the paper is written from the cleaned "
                    + "text");
        }

        private void add(List<String> parts, Kind kind) {
            if (count(kind) > 0) {
                parts.add(kind.count(count(kind)));
            }
        }
    }

    // ---- identifiers

    /** A JATS cross-reference to a bibliography entry is a citation marker, whatever its label. */
    private static final Pattern XREF = Pattern.compile(
            "(?s)<xref\\b[^>]*ref-type=\"bibr\"[^>]*>[^<]{0,40}</xref>|<sup>\\s*\\d{1,3}(?:\\s*[,–-]\\s*\\d{1,3})+"
                    + "\\s*</sup>");

    // ---- reference lists

    private static final Pattern REFERENCE_HEADING = Pattern.compile(
            "(?i)^\\s{0,3}(#{1,6}\\s*|\\*\\*|__)?\\s*(?:\\d+\\.?\\s+)?(?:references|bibliography|literature cited"
                    + "|works cited|reference list|cited literature|citations)\\s*:?\\s*(?:\\*\\*|__)?\\s*#*\\s*$");
    private static final Pattern NUMBERED = Pattern.compile("^\\s*(?:[-*]\\s+)?(?:\\[\\d{1,3}]|\\d{1,3}[.)])\\s+\\S");
    private static final Pattern YEAR = Pattern.compile("\\b(?:19|20)\\d{2}[a-z]?\\b");
    /**
     * What tells a reference from a numbered note that mentions a paper ("1. Baseline of Smith et al. 2020"): a
     * DOI, a volume(issue) or page range, or an author list with initials at the start.
     */
    private static final Pattern REFERENCE_CLUE = Pattern.compile(
            "(?i)\\bdoi\\b|\\b10\\.\\d{4,9}/|\\b\\d+\\s*\\(\\d+\\)\\s*[:,]|[;:]\\s*\\d+\\s*[-–]\\s*\\d+"
                    + "|,\\s*(?:pp\\.\\s*)?\\d+\\s*[-–]\\s*\\d+\\.?\\s*$"
                    + "|^\\s*(?:[-*]\\s+)?(?:\\[\\d{1,3}]|\\d{1,3}[.)])\\s*(?-i:"
                    // "Smith J, Doe AB," or "Smith, J.,"
                    + "\\p{Lu}[\\p{L}'-]+,?\\s+(?:\\p{Lu}\\.?\\s?){1,3}[,.]"
                    // "A. Vaswani, N. Shazeer"
                    + "|(?:\\p{Lu}\\.\\s?){1,3}\\s?\\p{Lu}[\\p{L}'-]+,)");
    private static final int MIN_REFERENCE_RUN = 2;

    // ---- LaTeX damage

    /** LaTeX math commands by the letter a JSON escape eats, so a control character plus the rest is one. */
    private static final Map<Character, List<String>> ESCAPED = Map.of(
            '\t', List.of("textnormal", "textbf", "textit", "textrm", "textsf", "texttt", "text", "triangleq",
                    "triangle", "times", "theta", "tilde", "tfrac", "tanh", "tan", "tau", "top", "to"),
            '\n', List.of("nabla", "neq", "newline", "nolimits", "notin", "not", "neg", "nu", "ni"),
            '\r', List.of("rightarrow", "right", "rangle", "rfloor", "rceil", "rvert", "rVert", "rho", "rm"),
            '\b', List.of("boldsymbol", "begin", "bigl", "bigr", "big", "binom", "bullet", "beta", "bmod", "bar",
                    "bot", "bm", "bf"),
            '\f', List.of("forall", "frac", "flat", "frown"));
    /** Commands with an argument whose backslash was lost ({@code $_mathcal{J}$}, {@code $x_mathrm{max}$}). */
    private static final Pattern LOST_BACKSLASH = Pattern.compile(
            "(?<![\\\\A-Za-z])(_?)(mathcal|mathbf|mathrm|mathbb|mathit|mathsf|mathtt|mathfrak|boldsymbol"
                    + "|operatorname|textbf|textit|textrm|text|frac|sqrt|widehat|widetilde|overline|underline|hat"
                    + "|tilde|vec)(?=\\{)");
    private static final Pattern MATH = Pattern.compile("(?<![\\\\$])\\$\\$(.+?)\\$\\$|(?<![\\\\$])\\$(?!\\$)"
            + "((?:[^$\\n]|\\n(?![ \\t]*\\n)){1,400}?)(?<!\\\\)\\$", Pattern.DOTALL);
    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]|\\r(?!\\n)");
    private static final Pattern TAB_TEXT = Pattern.compile("\\t(ext(?:bf|it|rm|sf|tt|normal)?\\{)");
    /** Where a formula was dropped, so the line is tidied around the gap (a private-use character). */
    private static final char DROPPED = '\uE000';
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");

    private MessyNotes() {
    }

    /**
     * The intake's notes on what cleaning will do to idea.md and experimental_log.md (either may be null when it
     * could not be read); the files themselves stay as submitted, the agents clean what they read.
     */
    public static void notes(@Nullable String idea, @Nullable String log, List<String> notes) {
        if (idea != null) {
            clean(idea).note(MaterialsDirectory.IDEA).ifPresent(notes::add);
        }
        if (log != null) {
            clean(log).note(MaterialsDirectory.LOG).ifPresent(notes::add);
        }
    }

    /** The cleaned text alone. */
    public static String cleanText(String markdown) {
        return clean(markdown).text();
    }

    public static Cleaned clean(String markdown) {
        Counter counter = new Counter();
        // CR LF is a line end; a lone CR (\r of \rho eaten) is damage, repaired below
        String text = markdown.replace("\r\n", "\n");
        String[] lines = text.split("\n", -1);
        boolean[] kept = keptVerbatim(lines);
        boolean flattened = CitationMarkers.showsFlattenedList(text);
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < lines.length) {
            if (kept[i]) {
                out.append(lines[i]).append('\n');
                i++;
                continue;
            }
            int end = i;
            while (end < lines.length && !kept[end]) {
                end++;
            }
            String chunk = String.join("\n", java.util.Arrays.asList(lines).subList(i, end));
            out.append(cleanChunk(chunk, counter, flattened)).append('\n');
            i = end;
        }
        String cleaned = out.substring(0, out.length() - 1);
        if (!counter.changed()) {
            cleaned = markdown; // untouched text stays byte for byte as written (CR LF included)
        }
        return new Cleaned(cleaned, counter.counts, counter.referenceLists, counter.referenceLines);
    }

    /** Lines never touched: tables, the caption line above each (as {@link MarkdownTables} reads it), fenced code. */
    private static boolean[] keptVerbatim(String[] lines) {
        boolean[] kept = new boolean[lines.length];
        boolean[] row = new boolean[lines.length];
        boolean fence = false;
        for (int i = 0; i < lines.length; i++) {
            String stripped = lines[i].strip();
            if (stripped.startsWith("```") || stripped.startsWith("~~~")) {
                kept[i] = true;
                fence = !fence;
                continue;
            }
            row[i] = !fence && stripped.startsWith("|") && stripped.length() > 1;
            kept[i] = fence || row[i];
        }
        for (int i = 0; i < lines.length; i++) {
            if (row[i] && (i == 0 || !row[i - 1])) {
                int k = i - 1;
                while (k >= 0 && lines[k].isBlank()) {
                    k--;
                }
                if (k >= 0 && isCaption(lines[k].strip())) {
                    kept[k] = true;
                }
            }
        }
        return kept;
    }

    private static boolean isCaption(String line) {
        return MarkdownText.headingLevel(line) > 0 || line.startsWith("**") && line.endsWith("**")
                || line.toLowerCase(java.util.Locale.ROOT).startsWith("table");
    }

    private static String cleanChunk(String chunk, Counter counter, boolean flattened) {
        String text = repairLatex(chunk, counter);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines = withoutReferenceLists(lines, counter);
        List<String> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            String cleaned = cleanLine(line, counter, flattened);
            if (cleaned != null) {
                out.add(cleaned);
            }
        }
        return String.join("\n", out);
    }

    // ---- LaTeX

    private static String repairLatex(String text, Counter counter) {
        String repaired = replace(MATH, text, math -> {
            String inner = math.group(1) != null ? math.group(1) : math.group(2);
            String delimiter = math.group(1) != null ? "$$" : "$";
            String fixed = repairMath(inner, counter);
            if (CONTROL.matcher(fixed).find() || fixed.indexOf('\t') >= 0 || !balanced(fixed)) {
                counter.add(Kind.MATH_DROPPED, 1);
                return String.valueOf(DROPPED);
            }
            return delimiter + fixed + delimiter;
        });
        // outside math only the unmistakable: TAB+"ext{" is \text{ (no word starts "ext{")
        repaired = replace(TAB_TEXT, repaired, m -> {
            counter.add(Kind.LATEX_REPAIRED, 1);
            return "\\t" + m.group(1);
        });
        // other control characters outside math mean nothing; a lone CR is dropped, never a line break
        return replace(CONTROL, repaired, m -> {
            counter.add(Kind.CONTROL_CHARACTER, 1);
            return "";
        });
    }

    private static String repairMath(String math, Counter counter) {
        StringBuilder out = new StringBuilder(math.length());
        for (int i = 0; i < math.length(); i++) {
            char c = math.charAt(i);
            int at = i;
            List<String> commands = ESCAPED.get(c);
            String command = commands == null ? null : commands.stream()
                    .filter(name -> math.startsWith(name.substring(1), at + 1) && !letterAt(math, at + name.length()))
                    .findFirst().orElse(null);
            if (command != null) {
                out.append('\\').append(command);
                i += command.length() - 1;
                counter.add(Kind.LATEX_REPAIRED, 1);
            } else {
                out.append(c);
            }
        }
        String escaped = out.toString();
        return replace(LOST_BACKSLASH, escaped, m -> {
            counter.add(Kind.LATEX_REPAIRED, 1);
            int at = m.start();
            // "x_mathrm{max}" lost the backslash after a subscript; "$_mathcal{J}$" had it turned into "_"
            boolean subscript = !m.group(1).isEmpty() && at > 0 && (Character.isLetterOrDigit(escaped.charAt(at - 1))
                    || "})".indexOf(escaped.charAt(at - 1)) >= 0);
            return (subscript ? "_" : "") + "\\" + m.group(2);
        });
    }

    private static boolean letterAt(String text, int index) {
        return index < text.length() && Character.isLetter(text.charAt(index));
    }

    private static boolean balanced(String math) {
        int depth = 0;
        for (int i = 0; i < math.length(); i++) {
            char c = math.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth < 0) {
                return false;
            }
        }
        return depth == 0;
    }

    // ---- reference lists

    private static List<String> withoutReferenceLists(List<String> lines, Counter counter) {
        List<String> out = new ArrayList<>(lines.size());
        int i = 0;
        int noRunBefore = 0;
        while (i < lines.size()) {
            Matcher heading = REFERENCE_HEADING.matcher(lines.get(i));
            if (heading.matches()) {
                int level = headingLevel(lines.get(i));
                int end = i + 1;
                while (end < lines.size() && !endsSection(lines.get(end), level)) {
                    end++;
                }
                if (level == 7) {
                    // a plain "References:" line owns only the entries below it, not the notes after them
                    end = i + 1;
                    while (end < lines.size() && (lines.get(end).isBlank() || NUMBERED.matcher(lines.get(end)).find()
                            || YEAR.matcher(lines.get(end)).find()) && MarkdownText.headingLevel(
                                    lines.get(end).strip()) == 0) {
                        end++;
                    }
                }
                counter.referenceList(nonBlank(lines.subList(i + 1, end)));
                i = end;
                continue;
            }
            if (i >= noRunBefore) {
                ReferenceRun run = referenceRun(lines, i);
                if (run.end() > i) {
                    counter.referenceList(nonBlank(lines.subList(i, run.end())));
                    i = run.end();
                    continue;
                }
                // no line up to where this scan stopped starts a run either: a later scan would see a part of it
                noRunBefore = run.stop();
            }
            out.add(lines.get(i));
            i++;
        }
        return out;
    }

    /**
     * A run of reference-like lines starting at {@code start}: {@code end} is where a run of at least {@link
     * #MIN_REFERENCE_RUN} of them ends ({@code start} when there is none), {@code stop} where the scan stopped.
     */
    private record ReferenceRun(int end, int stop) {
    }

    private static ReferenceRun referenceRun(List<String> lines, int start) {
        int count = 0;
        int end = start;
        int i = start;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (line.isBlank()) {
                i++;
                continue;
            }
            if (!looksLikeReference(line)) {
                break;
            }
            count++;
            i++;
            end = i;
        }
        return new ReferenceRun(count >= MIN_REFERENCE_RUN ? end : start, i);
    }

    /** A numbered entry with a year and a reference's telltale (doi, et al, volume(issue), pages, initials). */
    static boolean looksLikeReference(String line) {
        return NUMBERED.matcher(line).find() && YEAR.matcher(line).find() && REFERENCE_CLUE.matcher(line).find();
    }

    private static int headingLevel(String line) {
        String stripped = line.strip();
        int level = 0;
        while (level < stripped.length() && stripped.charAt(level) == '#') {
            level++;
        }
        return level == 0 ? 7 : level; // a bold or plain "References" line ends at any heading
    }

    private static boolean endsSection(String line, int level) {
        int other = MarkdownText.headingLevel(line.strip());
        return other > 0 && other <= level || level == 7 && other > 0;
    }

    private static int nonBlank(List<String> lines) {
        return (int) lines.stream().filter(line -> !line.isBlank()).count();
    }

    // ---- one line

    /** The line cleaned, or null when nothing of it is left. */
    private static String cleanLine(String line, Counter counter, boolean flattened) {
        if (ExportLabels.isProvenanceLine(line)) {
            counter.add(Kind.EXPORT_LABEL, 1);
            return null;
        }
        int[] labels = new int[2];
        String cleaned = ExportLabels.clean(line.replace(String.valueOf(DROPPED), ""), labels);
        counter.add(Kind.EXPORT_LABEL, labels[0]);
        counter.add(Kind.GLUED_HEADING, labels[1]);
        cleaned = replace(XREF, cleaned, m -> {
            counter.add(Kind.CITATION_MARKER, 1);
            return "";
        });
        PreprintIds.Removal ids = PreprintIds.remove(cleaned);
        cleaned = ids.text();
        counter.add(Kind.PREPRINT_ID, ids.count(PreprintIds.Kind.STAMP) + ids.count(PreprintIds.Kind.PREPRINT_ID));
        counter.add(Kind.FIGURE_ID, ids.count(PreprintIds.Kind.FIGURE_ID));
        counter.add(Kind.PUBMED_ID, ids.count(PreprintIds.Kind.PUBMED_ID));
        counter.add(Kind.JATS_TAG, ids.count(PreprintIds.Kind.JATS_TAG));
        cleaned = withoutMarkers(cleaned, counter, flattened);
        if (cleaned.equals(line)) {
            return line;
        }
        cleaned = tidy(cleaned);
        return cleaned.isBlank() || cleaned.strip().matches("[\\p{Punct}\\s]*") ? null : cleaned;
    }

    /** Removes citation markers outside code spans and math. */
    private static String withoutMarkers(String line, Counter counter, boolean flattened) {
        // blank code spans and math so markers are looked for in prose only, offsets kept
        String prose = blankAll(CODE_SPAN, blankAll(MATH, line));
        List<CitationMarkers.Marker> markers = CitationMarkers.find(prose, flattened);
        if (markers.isEmpty()) {
            return line;
        }
        StringBuilder out = new StringBuilder(line);
        for (int i = markers.size() - 1; i >= 0; i--) {
            CitationMarkers.Marker marker = markers.get(i);
            out.delete(marker.start(), marker.end());
        }
        counter.add(Kind.CITATION_MARKER, markers.size());
        return out.toString();
    }

    private static String blankAll(Pattern pattern, String text) {
        return replace(pattern, text, m -> m.group().replaceAll("(?s).", " "));
    }

    /** What a removal leaves behind: empty brackets, doubled spaces, a space before punctuation. */
    private static String tidy(String line) {
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        String rest = line.stripLeading().replaceFirst("^[,;:]+\\s*", "")
                .replaceAll("\\(\\s*[,;:]?\\s*\\)|\\[\\s*[,;]?\\s*]", "")
                .replaceAll("(?<=\\S) {2,}", " ")
                .replaceAll(" +(?=[.,;:)])", "")
                .replaceAll("([,;:])(?:\\s*[,;:])+", "$1")
                .replaceAll("[,;:]+(?=\\.)", "")
                .replaceAll("\\s+$", "");
        return indent + rest;
    }

    private static String replace(Pattern pattern, String text, Function<Matcher, String> replacement) {
        Matcher matcher = pattern.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        boolean found = false;
        while (matcher.find()) {
            found = true;
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement.apply(matcher)));
        }
        if (!found) {
            return text;
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static final class Counter {
        private final Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        private int referenceLists;
        private int referenceLines;

        void add(Kind kind, int n) {
            if (n > 0) {
                counts.merge(kind, n, Integer::sum);
            }
        }

        void referenceList(int lines) {
            referenceLists++;
            referenceLines += lines;
        }

        boolean changed() {
            return referenceLists > 0 || !counts.isEmpty();
        }
    }
}
