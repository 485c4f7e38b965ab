package dev.paperorchestra.outline.plan;

import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the experimental log's setup names: datasets, baselines, metrics, optimizers, architectures, each
 * exactly as written, grouped under the label the log gives them (a {@code **Baselines**} line, a
 * {@code ### Baselines} heading or a {@code - Baselines: A, B} bullet). A bullet such as
 * {@code - Depth completion methods: A, B and C.} makes a family of its own. Model and dataset names that a
 * bullet mentions in passing ({@code ResNet-50}, {@code ViT-S/16}) are kept too. Only strings that look like
 * names are kept, since each becomes a literature query; the paper's own method is never one.
 *
 * @param groups the setup's groups in log order
 */
record SetupInventory(List<Group> groups) {

    /** What a group of setup names is, decided from its label. */
    enum Kind {
        DATASET("datasets", "dataset", "data", "benchmark", "corpus", "corpora"),
        BASELINE("baselines", "baseline", "compared", "comparison", "competitor", "competing", "prior method"),
        METRIC("metrics", "metric", "measures", "evaluation", "score"),
        OPTIMIZER("optimizers", "optimizer", "optimiser", "optimization", "optimisation", "solver"),
        ARCHITECTURE("architectures", "architecture", "backbone", "encoder", "decoder", "network", "model",
                "pretrain", "pre-train"),
        OTHER("settings");

        private final String plural;
        private final List<String> words;

        Kind(String plural, String... words) {
            this.plural = plural;
            this.words = List.of(words);
        }

        String plural() {
            return plural;
        }

        static Kind of(String label) {
            String lower = label.toLowerCase(Locale.ROOT);
            for (Kind kind : values()) {
                if (kind.words.stream().anyMatch(lower::contains)) {
                    return kind;
                }
            }
            return OTHER;
        }
    }

    /**
     * @param label  the group's label as written
     * @param kind   what its names are
     * @param family true for a family of baselines (or datasets...) the log names itself, e.g. "Monocular
     *               methods"
     * @param names  the names in order, exactly as written, without duplicates
     */
    record Group(String label, Kind kind, boolean family, List<String> names) {

        Group {
            names = List.copyOf(names);
        }
    }

    /** Label of the group of names mentioned in passing. */
    static final String MENTIONED = "Models and resources named in the setup";

    private static final Pattern SETUP_HEADING = Pattern.compile(
            "(?i)\\b(setup|set-up|settings?|configuration|implementation details|experimental details|protocol)\\b");
    private static final Pattern BULLET = Pattern.compile("^(\\s*)([-*+]|\\d+[.)])\\s+(.*)$");
    private static final Pattern BOLD_LABEL = Pattern.compile("^(\\*\\*|__)([^*_]+?):?(\\*\\*|__):?$");
    private static final Pattern LABELLED = Pattern.compile("^([^:]{1,60}?)\\s*:\\s*(.*)$");
    private static final Pattern SENTENCE_END =
            Pattern.compile("(?<=[A-Za-z0-9)\\]])(?<!\\bvs|\\bal|\\betc|\\be\\.g|\\bi\\.e)\\.\\s+(?=[A-Z])");
    private static final Pattern TRAILING_CONTEXT = Pattern.compile(
            "\\s+(?:pre-?trained|trained|retrained|initiali[sz]ed|fine-tuned|adapted|followed|with|using|at|for|"
                    + "from|on|in|over|as|following|per|via|under|by|which|that)\\b.*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern DESCRIPTION = Pattern.compile("\\s+[—–-]\\s+.*$|\\s*:\\s+.*$");
    private static final Pattern NUMBER_LIKE = Pattern.compile("^[\\d.,eE+\\-x×%/]+$");
    /** CamelCase (ResNet-50, ViT-S/16, ImageNet-22k), name-digit (GPT-2) or name-letter (Swin-L). */
    private static final Pattern MODEL_NAME = Pattern.compile("(?<![\\w-])(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*"
            + "|[A-Z][A-Za-z]*-\\d[A-Za-z0-9.]*|[A-Z][a-z]+-[A-Z][a-z]*)(?:[-/][A-Za-z0-9]+)*(?![\\w-])");
    private static final Pattern NOT_A_MODEL = Pattern.compile(
            "(?i)^(top-\\d+|lidar|pytorch|tensorflow|numpy|github|youtube|iphone|macbook|cuda.*)$");

    SetupInventory {
        groups = List.copyOf(groups);
    }

    /**
     * Reads the setup of an experimental log; an empty inventory when it names nothing.
     *
     * @param ownNames names of the paper's own method, never cited
     */
    static SetupInventory parse(String log, Set<String> ownNames) {
        List<String> lines = log.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            int level = MarkdownLines.headingLevel(lines.get(i));
            if (level > 0 && SETUP_HEADING.matcher(lines.get(i)).find()) {
                int end = i + 1;
                while (end < lines.size() && !endsSection(lines.get(end), level)) {
                    end++;
                }
                return new Collector(false, ownNames).read(lines.subList(i + 1, end));
            }
        }
        // no setup section: trust only groups whose label says what they are
        return new Collector(true, ownNames).read(lines);
    }

    /** True for a heading that introduces the setup ("Experimental setup", "Implementation details", ...). */
    static boolean isSetupHeading(String title) {
        return SETUP_HEADING.matcher(title).find();
    }

    /** Every name of one kind, in log order. */
    List<String> names(Kind kind) {
        Set<String> names = new LinkedHashSet<>();
        groups.stream().filter(group -> group.kind() == kind).forEach(group -> names.addAll(group.names()));
        return List.copyOf(names);
    }

    /** Every name a paper must cite (everything but {@link Kind#OTHER}), in log order. */
    List<String> citableNames() {
        Set<String> names = new LinkedHashSet<>();
        groups.stream().filter(group -> group.kind() != Kind.OTHER).forEach(group -> names.addAll(group.names()));
        return List.copyOf(names);
    }

    /** The names a setup line lists: split on separators, descriptions and parentheses dropped. */
    static List<String> namesIn(String text) {
        List<String> names = new ArrayList<>();
        for (String part : withoutAsides(firstSentence(text)).split(";")) {
            String listed = DESCRIPTION.matcher(part.strip()).replaceFirst("");
            for (String candidate : listed.split(",|\\s+and\\s+|\\s+&\\s+|\\s+vs\\.?\\s+|\\s/\\s")) {
                String name = clean(candidate);
                if (looksLikeName(name) && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** Model and dataset names mentioned anywhere in the text, e.g. inside "(ResNet-50)". */
    static List<String> mentionedIn(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = MODEL_NAME.matcher(text);
        while (matcher.find()) {
            if (!NOT_A_MODEL.matcher(matcher.group()).matches()) {
                names.add(matcher.group());
            }
        }
        return List.copyOf(names);
    }

    static String firstSentence(String text) {
        return SENTENCE_END.split(text, 2)[0];
    }

    private static String withoutAsides(String text) {
        String result = text;
        String previous;
        do {
            previous = result;
            result = result.replaceAll("\\([^()]*\\)|\\[[^\\[\\]]*]", " ");
        } while (!result.equals(previous));
        return result;
    }

    private static String clean(String candidate) {
        String name = TRAILING_CONTEXT.matcher(candidate.strip()).replaceFirst("");
        return name.replaceAll("\\s+", " ").replaceFirst("^(?i)(the|and|our)\\s+", "")
                .replaceFirst("[.;:,]+$", "").strip();
    }

    /**
     * A name has a capital in its first word, at least two letters, at most one plain lower-case word
     * ("RMSE log", "GPT-2 small") and is not sentence-case prose ("Sparse measurements"), a number, a
     * hyper-parameter or a combination ("NeWCRFs + LS align").
     */
    static boolean looksLikeName(String name) {
        if (name.isEmpty() || name.length() > 60 || name.contains("=") || name.contains(" + ")
                || NUMBER_LIKE.matcher(name).matches()) {
            return false;
        }
        String[] words = name.split(" ");
        long lowerCaseWords = List.of(words).stream().filter(word -> word.matches("[\\p{Ll}'-]+")).count();
        boolean sentenceCase = words.length > 1 && isSentenceCase(name);
        return words.length <= 6 && words[0].chars().anyMatch(Character::isUpperCase) && lowerCaseWords <= 1
                && !sentenceCase && name.chars().filter(Character::isLetter).count() >= 2;
    }

    private static boolean endsSection(String line, int level) {
        int headingLevel = MarkdownLines.headingLevel(line);
        return headingLevel > 0 && headingLevel <= level;
    }

    /** A label that names a kind of thing ("Baselines", "Optimiser") rather than being a name itself. */
    private static boolean isCategory(String label) {
        return Kind.of(label) != Kind.OTHER && isSentenceCase(label);
    }

    /** "Depth completion methods", not "NeWCRFs + LS align": words, not names. */
    private static boolean isSentenceCase(String text) {
        return text.length() > 1 && text.substring(1).chars().noneMatch(Character::isUpperCase);
    }

    /** Walks the setup's lines keeping track of which group a bullet belongs to. */
    private static final class Collector {

        private final boolean labelledOnly;
        private final Set<String> ownNames;
        private final Map<String, Group> groups = new LinkedHashMap<>();
        private final Set<String> mentioned = new LinkedHashSet<>();
        private @Nullable String headingLabel;
        private @Nullable String bulletLabel;
        private int bulletIndent;

        Collector(boolean labelledOnly, Set<String> ownNames) {
            this.labelledOnly = labelledOnly;
            this.ownNames = ownNames;
        }

        SetupInventory read(List<String> lines) {
            for (String line : MarkdownLines.joinWrappedBullets(lines)) {
                String stripped = line.strip();
                Matcher bold = BOLD_LABEL.matcher(stripped);
                if (MarkdownLines.headingLevel(line) > 0 || bold.matches()) {
                    String title = bold.matches() ? bold.group(2).strip()
                            : MarkdownText.plain(stripped.replaceFirst("^#+", ""));
                    headingLabel = labelledOnly && Kind.of(title) == Kind.OTHER ? null : title;
                    bulletLabel = null;
                    continue;
                }
                Matcher bullet = BULLET.matcher(line);
                if (bullet.matches()) {
                    bullet(bullet.group(1).replace("\t", "    ").length(), MarkdownText.plain(bullet.group(3)));
                }
            }
            Set<String> known = new LinkedHashSet<>();
            groups.values().forEach(group -> known.addAll(group.names()));
            List<String> inPassing = mentioned.stream().filter(name -> !known.contains(name))
                    .filter(name -> !ownNames.contains(name)).toList();
            List<Group> result = new ArrayList<>(groups.values());
            if (!inPassing.isEmpty()) {
                result.add(new Group(MENTIONED, Kind.ARCHITECTURE, false, inPassing));
            }
            return new SetupInventory(result);
        }

        private void bullet(int indent, String text) {
            if (bulletLabel != null && indent > bulletIndent) {
                item(bulletLabel, text);
                return;
            }
            bulletLabel = null;
            Matcher labelled = LABELLED.matcher(text);
            if (labelled.matches() && labelled.group(1).split("\\s+").length <= 5) {
                String label = labelled.group(1).strip();
                if (isCategory(label) || headingLabel == null && !labelledOnly) {
                    bulletLabel = label;
                    bulletIndent = indent;
                    add(label, Kind.of(label), false, namesIn(labelled.group(2)));
                    mention(Kind.of(label), text);
                    return;
                }
            }
            if (headingLabel != null) {
                item(headingLabel, text);
            }
        }

        /**
         * One bullet of a group: "- NLSPN: non-local propagation" names NLSPN; "- Monocular methods: A, B and
         * C." names the family "Monocular methods" with A, B and C.
         */
        private void item(String groupLabel, String text) {
            Kind kind = groups.containsKey(groupLabel) ? groups.get(groupLabel).kind() : Kind.of(groupLabel);
            Matcher labelled = LABELLED.matcher(text);
            List<String> names = namesIn(labelled.matches() ? labelled.group(1) : text);
            if (!names.isEmpty()) {
                add(groupLabel, kind, false, names);
            } else if (labelled.matches() && isSentenceCase(labelled.group(1))) {
                List<String> members = namesIn(labelled.group(2));
                if (!members.isEmpty()) {
                    add(labelled.group(1).split(",")[0].strip(), kind, true, members);
                }
            }
            mention(kind, text);
        }

        private void mention(Kind kind, String text) {
            if (kind != Kind.OTHER) {
                mentioned.addAll(mentionedIn(text));
            }
        }

        private void add(String label, Kind kind, boolean family, List<String> names) {
            Group group = groups.getOrDefault(label, new Group(label, kind, family, List.of()));
            Set<String> merged = new LinkedHashSet<>(group.names());
            names.stream().filter(name -> !ownNames.contains(name)).forEach(merged::add);
            groups.put(label, new Group(label, group.kind(), group.family(), List.copyOf(merged)));
        }
    }
}
