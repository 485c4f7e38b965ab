package dev.paperorchestra.outline.plan;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the experimental log's setup names: datasets, baselines, metrics, optimizers, architectures, each
 * exactly as written, grouped under the label the log gives them (a {@code **Baselines**} line, a
 * {@code ### Baselines} heading or a {@code - Baselines: A, B} bullet). The log is read by the paper model
 * ({@link MarkdownDocument}): headings of every kind, list items with their nesting. A bullet such as
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

    /** Words of a heading that introduces the setup ("Experimental setup", "Implementation details"). */
    private static final List<String> SETUP_WORDS = List.of("setup", "setting", "settings", "configuration",
            "protocol");
    private static final List<String> SETUP_PHRASES = List.of("set up", "implementation details",
            "experimental details");
    /** Headings that continue the setup when they stand at its own level ("**Hyper-parameters**"). */
    private static final List<String> SETUP_PARTS = List.of("hyper", "parameter", "training", "implementation",
            "hardware", "resource");
    /** Words after which a setup name is followed by what is done with it ("ResNet-50 pretrained on ..."). */
    private static final Set<String> TRAILING_CONTEXT = Set.of("pretrained", "pre-trained", "trained", "retrained",
            "initialised", "initialized", "fine-tuned", "adapted", "followed", "with", "using", "at", "for", "from",
            "on", "in", "over", "as", "following", "per", "via", "under", "by", "which", "that");
    /** Words that separate the names of a list ("A, B and C", "A vs. B", "A / B"). */
    private static final Set<String> SEPARATORS = Set.of("and", "&", "vs", "vs.", "/");
    /** Leading words that are not part of a name. */
    private static final Set<String> LEADING = Set.of("the", "and", "our");
    /** Characters of a string that is a number or a hyper-parameter value ("1e-4", "12M" is not one). */
    private static final String NUMBER_CHARACTERS = "0123456789.,eE+-x×%/";

    SetupInventory {
        groups = List.copyOf(groups);
    }

    /**
     * Reads the setup of an experimental log; an empty inventory when it names nothing.
     *
     * @param ownNames names of the paper's own method, never cited
     */
    static SetupInventory parse(String log, Set<String> ownNames) {
        List<MdBlock> blocks = MarkdownDocument.parse(log).blocks();
        int[] setup = setupBlocks(blocks);
        if (setup.length > 0) {
            return new Collector(false, ownNames).read(blocks.subList(setup[0] + 1, setup[1]));
        }
        // no setup section: trust only groups whose label says what they are
        return new Collector(true, ownNames).read(blocks);
    }

    /**
     * Where the setup stands among the log's blocks: its heading's index and the index after its last block; empty
     * when the log has no setup heading.
     */
    static int[] setupBlocks(List<MdBlock> blocks) {
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i) instanceof MdBlock.Heading heading && isSetupHeading(heading.title())) {
                int end = i + 1;
                while (end < blocks.size() && !endsSetup(blocks.get(end), heading.level())) {
                    end++;
                }
                return new int[] {i, end};
            }
        }
        return new int[0];
    }

    /** True for a heading that introduces the setup ("Experimental setup", "Implementation details", ...). */
    static boolean isSetupHeading(String title) {
        List<String> words = NotesText.words(title);
        String normal = String.join(" ", words);
        return words.stream().anyMatch(SETUP_WORDS::contains)
                || SETUP_PHRASES.stream().anyMatch(phrase -> (" " + normal + " ").contains(" " + phrase + " "));
    }

    /**
     * A heading at the setup's level or above ends it, unless it names a part of the setup: bold-line logs put
     * "**Setup**", "**Datasets**" and "**Hyper-parameters**" side by side.
     */
    private static boolean endsSetup(MdBlock block, int level) {
        return block instanceof MdBlock.Heading heading && heading.level() <= level
                && Kind.of(heading.title()) == Kind.OTHER
                && !NotesText.hasWordStartingWith(heading.title(), SETUP_PARTS);
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
            for (String candidate : listed(withoutDescription(part.strip()))) {
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
        return NameShapes.modelNames(text);
    }

    static String firstSentence(String text) {
        List<String> sentences = Prose.sentences(Prose.oneLine(text));
        return sentences.isEmpty() ? "" : sentences.getFirst();
    }

    /** The items of a list written as prose: "A, B and C", "A vs. B", "A / B". */
    private static List<String> listed(String text) {
        List<String> items = new ArrayList<>();
        for (String part : text.split(",")) {
            StringBuilder item = new StringBuilder();
            for (String word : Prose.oneLine(part).split(" ")) {
                if (SEPARATORS.contains(word.toLowerCase(Locale.ROOT))) {
                    items.add(item.toString());
                    item.setLength(0);
                } else {
                    item.append(item.isEmpty() ? "" : " ").append(word);
                }
            }
            items.add(item.toString());
        }
        return items;
    }

    /** The text without what a dash or a colon adds ("CompletionFormer — a transformer method"). */
    private static String withoutDescription(String text) {
        String line = Prose.oneLine(text);
        int end = line.length();
        for (String mark : List.of(" — ", " – ", " - ", ": ")) {
            int at = line.indexOf(mark);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return line.substring(0, end);
    }

    /** The text without its parenthesised and bracketed asides, nested ones included. */
    private static String withoutAsides(String text) {
        return withoutGroups(withoutGroups(text, '(', ')'), '[', ']');
    }

    private static String withoutGroups(String text, char open, char close) {
        StringBuilder out = new StringBuilder(text.length());
        List<Integer> opened = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == open) {
                opened.add(out.length());
                out.append(c);
            } else if (c == close && !opened.isEmpty()) {
                out.setLength(opened.removeLast());
                out.append(' ');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String clean(String candidate) {
        List<String> words = new ArrayList<>(List.of(Prose.oneLine(candidate).split(" ")));
        for (int i = 1; i < words.size(); i++) {
            if (TRAILING_CONTEXT.contains(withoutPunctuation(words.get(i)).toLowerCase(Locale.ROOT))) {
                words.subList(i, words.size()).clear();
                break;
            }
        }
        if (words.size() > 1 && LEADING.contains(words.getFirst().toLowerCase(Locale.ROOT))) {
            words.removeFirst();
        }
        String name = String.join(" ", words);
        while (!name.isEmpty() && ".;:,".indexOf(name.charAt(name.length() - 1)) >= 0) {
            name = name.substring(0, name.length() - 1);
        }
        return name.strip();
    }

    private static String withoutPunctuation(String word) {
        int end = word.length();
        while (end > 0 && !Character.isLetterOrDigit(word.charAt(end - 1))) {
            end--;
        }
        return word.substring(0, end);
    }

    /**
     * A name has a capital in its first word, at least two letters, at most one plain lower-case word
     * ("RMSE log", "GPT-2 small") and is not sentence-case prose ("Sparse measurements"), a number, a
     * hyper-parameter or a combination ("NeWCRFs + LS align").
     */
    static boolean looksLikeName(String name) {
        if (name.isEmpty() || name.length() > 60 || name.contains("=") || name.contains(" + ")
                || name.chars().allMatch(c -> NUMBER_CHARACTERS.indexOf(c) >= 0)) {
            return false;
        }
        String[] words = name.split(" ");
        long lowerCaseWords = List.of(words).stream().filter(SetupInventory::isLowerCaseWord).count();
        boolean sentenceCase = words.length > 1 && isSentenceCase(name);
        return words.length <= 6 && words[0].chars().anyMatch(Character::isUpperCase) && lowerCaseWords <= 1
                && !sentenceCase && name.chars().filter(Character::isLetter).count() >= 2;
    }

    private static boolean isLowerCaseWord(String word) {
        return !word.isEmpty() && word.chars().allMatch(c -> Character.isLowerCase(c) || c == '\'' || c == '-');
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
        private int bulletDepth;

        Collector(boolean labelledOnly, Set<String> ownNames) {
            this.labelledOnly = labelledOnly;
            this.ownNames = ownNames;
        }

        SetupInventory read(List<MdBlock> blocks) {
            for (MdBlock block : blocks) {
                if (block instanceof MdBlock.Heading heading) {
                    String title = heading.title();
                    headingLabel = labelledOnly && Kind.of(title) == Kind.OTHER ? null : title;
                    bulletLabel = null;
                } else if (block instanceof MdBlock.ListBlock list) {
                    list(list);
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

        /** Every item of a list, nested ones after their parent. */
        private void list(MdBlock.ListBlock list) {
            for (MdBlock.ListItem item : list.items()) {
                bullet(item.depth(), item.text().plainWithTexMath());
                for (MdBlock nested : item.blocks()) {
                    if (nested instanceof MdBlock.ListBlock inner) {
                        list(inner);
                    }
                }
            }
        }

        private void bullet(int depth, String text) {
            if (bulletLabel != null && depth > bulletDepth) {
                item(bulletLabel, text);
                return;
            }
            bulletLabel = null;
            Labelled labelled = Labelled.of(text);
            if (labelled != null && Prose.wordCount(labelled.label()) <= 5) {
                String label = labelled.label();
                if (isCategory(label) || headingLabel == null && !labelledOnly) {
                    bulletLabel = label;
                    bulletDepth = depth;
                    add(label, Kind.of(label), false, namesIn(labelled.rest()));
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
            Labelled labelled = Labelled.of(text);
            List<String> names = namesIn(labelled != null ? labelled.label() : text);
            if (!names.isEmpty()) {
                add(groupLabel, kind, false, names);
            } else if (labelled != null && isSentenceCase(labelled.label())) {
                List<String> members = namesIn(labelled.rest());
                if (!members.isEmpty()) {
                    add(labelled.label().split(",")[0].strip(), kind, true, members);
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

    /**
     * A bullet that starts with a label: "Baselines: A, B" is labelled "Baselines" with "A, B".
     *
     * @param label up to the first colon, at most {@value #MAX_LABEL} characters
     * @param rest  after the colon
     */
    private record Labelled(String label, String rest) {

        static final int MAX_LABEL = 60;

        static @Nullable Labelled of(String text) {
            int colon = text.indexOf(':');
            if (colon < 1 || colon > MAX_LABEL) {
                return null;
            }
            String label = text.substring(0, colon).strip();
            return label.isEmpty() ? null : new Labelled(label, text.substring(colon + 1).strip());
        }
    }
}
