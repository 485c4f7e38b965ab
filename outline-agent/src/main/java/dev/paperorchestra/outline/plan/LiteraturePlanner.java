package dev.paperorchestra.outline.plan;

import dev.paperorchestra.outline.plan.Outline.IntroRelatedWorkPlan;
import dev.paperorchestra.outline.plan.Outline.IntroductionStrategy;
import dev.paperorchestra.outline.plan.Outline.RelatedWorkStrategy;
import dev.paperorchestra.outline.plan.Outline.RelatedWorkSubsection;
import dev.paperorchestra.outline.plan.SetupInventory.Group;
import dev.paperorchestra.outline.plan.SetupInventory.Kind;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The offline {@code intro_related_work_plan}. The introduction searches wide (the idea's own topics and the
 * benchmarks it is evaluated on); related work searches narrow, one cluster per kind of thing the log's
 * setup compares with or builds on, querying the exact names the log uses, so no competitor is invented.
 */
final class LiteraturePlanner {

    static final int MIN_DIRECTIONS = 3;
    static final int MAX_DIRECTIONS = 5;
    static final int MIN_CLUSTERS = 2;
    static final int MAX_CLUSTERS = 4;
    /** Verbs with which a contribution states what the work does ("We propose ..."). */
    private static final Set<String> STATING_VERBS = Set.of("propose", "introduce", "present", "show", "develop",
            "design", "prove", "derive", "map", "measure", "study", "test", "ask", "examine", "estimate", "compare",
            "model", "quantify", "investigate", "analyse", "analyze", "use", "build", "train", "evaluate");
    /** Words that start a new clause after a contribution's topic. */
    private static final Set<String> CLAUSE_WORDS = Set.of("that", "which", "to", "whether", "how");
    private static final List<Kind> CLUSTER_ORDER =
            List.of(Kind.DATASET, Kind.ARCHITECTURE, Kind.METRIC, Kind.OPTIMIZER);

    private LiteraturePlanner() {
    }

    static IntroRelatedWorkPlan plan(IdeaDigest idea, LogDigest log, @Nullable String cutoffDate) {
        return new IntroRelatedWorkPlan(introduction(idea, log), relatedWork(idea, log, cutoffDate));
    }

    private static IntroductionStrategy introduction(IdeaDigest idea, LogDigest log) {
        List<String> datasets = log.setup().names(Kind.DATASET);
        String scope = datasets.isEmpty()
                ? " The gap is argued only on the evaluations reported in experimental_log.md."
                : " The gap is argued only on " + OutlineWording.list(datasets)
                        + ", the datasets evaluated in experimental_log.md.";
        return new IntroductionStrategy(idea.hook(), (idea.gap() + scope).strip(), searchDirections(idea, datasets));
    }

    /** The idea's subject, then its specific headings alternating with its benchmarks, then its contributions. */
    static List<String> searchDirections(IdeaDigest idea, List<String> datasets) {
        Map<String, String> directions = new LinkedHashMap<>();
        if (idea.subject() != null) {
            add(directions, idea.subject());
        }
        int most = Math.max(idea.topicHeadings().size(), datasets.size());
        for (int i = 0; i < most && directions.size() < MAX_DIRECTIONS; i++) {
            if (i < idea.topicHeadings().size()) {
                add(directions, idea.topicHeadings().get(i));
            }
            if (i < datasets.size() && directions.size() < MAX_DIRECTIONS) {
                add(directions, datasets.get(i) + " benchmark");
            }
        }
        for (String contribution : idea.contributions()) {
            if (directions.size() >= MIN_DIRECTIONS) {
                break;
            }
            add(directions, topicOf(contribution));
        }
        String subject = idea.subject() != null ? idea.subject() : topicOf(idea.hook());
        for (String fallback : List.of(subject + " survey", subject + " applications", subject + " foundations")) {
            if (directions.size() >= MIN_DIRECTIONS) {
                break;
            }
            add(directions, fallback);
        }
        return directions.values().stream().limit(MAX_DIRECTIONS).toList();
    }

    private static void add(Map<String, String> directions, String direction) {
        String text = direction.strip();
        if (!text.isEmpty()) {
            directions.putIfAbsent(text.toLowerCase(Locale.ROOT), text);
        }
    }

    /** "Lichen cover as an indicator" -> "lichen cover as an indicator"; names ("BirdNET", "NYU") stay. */
    static String asTopic(String topic) {
        return OutlineWording.lowerFirst(topic.strip());
    }

    /** The first clause of a sentence, at most ten words: a searchable phrase from a contribution. */
    static String topicOf(String sentence) {
        List<String> words = new ArrayList<>(List.of(Prose.oneLine(sentence).split(" ")));
        int subject = subjectLength(words);
        if (subject > 0 && subject < words.size() && STATING_VERBS.contains(withoutS(lower(words.get(subject))))) {
            words.subList(0, subject + 1).clear();
        }
        List<String> clause = new ArrayList<>();
        for (int i = 0; i < words.size() && clause.size() < 10; i++) {
            String word = words.get(i);
            String next = i + 1 < words.size() ? lower(words.get(i + 1)) : "";
            if (!clause.isEmpty() && (CLAUSE_WORDS.contains(lower(word))
                    || lower(word).equals("and") && next.equals("relate"))) {
                break;
            }
            int cut = 0;
            while (cut < word.length() && ",;:.".indexOf(word.charAt(cut)) < 0) {
                cut++;
            }
            if (cut > 0) {
                clause.add(word.substring(0, cut));
            }
            if (cut < word.length()) {
                break;
            }
        }
        return String.join(" ", clause).strip();
    }

    /** How many words of "We", "This work", "Our study"... open the sentence (0 for none). */
    private static int subjectLength(List<String> words) {
        String first = words.isEmpty() ? "" : lower(words.getFirst());
        String second = words.size() > 1 ? lower(words.get(1)) : "";
        if (first.equals("we")) {
            return 1;
        }
        boolean these = first.equals("this") && List.of("work", "paper", "study").contains(second);
        boolean ours = first.equals("our") && List.of("study", "work").contains(second);
        return these || ours ? 2 : 0;
    }

    private static String withoutS(String verb) {
        return verb.endsWith("s") && STATING_VERBS.contains(verb.substring(0, verb.length() - 1))
                ? verb.substring(0, verb.length() - 1) : verb;
    }

    private static String lower(String word) {
        return word.toLowerCase(Locale.ROOT);
    }

    private static RelatedWorkStrategy relatedWork(IdeaDigest idea, LogDigest log, @Nullable String cutoffDate) {
        List<RelatedWorkSubsection> clusters = new ArrayList<>();
        // each family of baselines the log names is a methodology cluster of its own
        for (Group group : log.setup().groups()) {
            if (group.kind() == Kind.BASELINE && !group.names().isEmpty() && clusters.size() < MAX_CLUSTERS) {
                clusters.add(cluster(Kind.BASELINE, group.family() ? group.label() : null, group.names(),
                        cutoffDate));
            }
        }
        for (Kind kind : CLUSTER_ORDER) {
            List<String> names = log.setup().names(kind);
            if (!names.isEmpty() && clusters.size() < MAX_CLUSTERS) {
                clusters.add(cluster(kind, null, names, cutoffDate));
            }
        }
        // a cluster is named after what the work is about, never after how the notes label their parts
        // ("Prior work on Core question") nor after a sentence cut short ("Prior work on We map lichen ...")
        List<String> topics = new ArrayList<>(idea.methodParts().stream().map(MdSection::title)
                .filter(title -> !IdeaDigest.isGeneric(title)).toList());
        topics.addAll(idea.topicHeadings());
        if (idea.subject() != null) {
            topics.add(idea.subject());
        }
        if (topics.isEmpty()) {
            topics.add(topicOf(idea.hook()));
        }
        topics = topics.stream().map(LiteraturePlanner::asTopic).toList();
        for (String topic : topics.stream().distinct().toList()) {
            if (clusters.size() >= MIN_CLUSTERS) {
                break;
            }
            clusters.add(ideaCluster(topic, cutoffDate));
        }
        if (clusters.size() < MIN_CLUSTERS) {
            // materials too sparse for two topics: look at how the one topic is evaluated as well
            String topic = topics.getFirst();
            clusters.add(new RelatedWorkSubsection("Evaluation of " + topic,
                    "Benchmarks and protocols used to evaluate " + topic,
                    "Find the benchmarks and evaluation protocols used for " + topic + before(cutoffDate) + ".",
                    "Existing evaluations of " + topic + " may not cover the setting of idea.md; confirm from the "
                            + "verified abstracts before stating it.",
                    List.of(topic + " benchmark"),
                    "Relate the evaluation in experimental_log.md to these benchmarks."));
        }
        List<String> titles = clusters.stream().map(RelatedWorkSubsection::subsectionTitle).toList();
        String overview = "Related work is organised by what the experiments actually involve, in " + titles.size()
                + " clusters: " + String.join("; ", titles) + ". Each cluster is contrasted with the proposed method "
                + "only where experimental_log.md evaluates both; no other competitors are introduced.";
        return new RelatedWorkStrategy(overview, clusters);
    }

    private static RelatedWorkSubsection cluster(Kind kind, @Nullable String family, List<String> names,
            @Nullable String cutoffDate) {
        String listed = OutlineWording.list(names);
        String title = family != null ? family : switch (kind) {
            case BASELINE -> "Methods compared in the experiments";
            case ARCHITECTURE -> "Architectures and resources the experiments build on";
            case DATASET -> "Benchmarks and datasets";
            case METRIC -> "Evaluation metrics";
            case OPTIMIZER -> "Optimisation and training methods";
            case OTHER -> "Related settings";
        };
        String bridge = switch (kind) {
            case BASELINE -> "Compare the proposed method with " + listed
                    + " only on the evaluations reported in experimental_log.md.";
            case ARCHITECTURE -> "State how the experiments build on " + listed + ", as the setup describes.";
            case DATASET -> "Explain why " + listed + " test the claims of idea.md, as used in experimental_log.md.";
            case METRIC -> "Justify reporting " + listed + " as experimental_log.md does.";
            case OPTIMIZER, OTHER -> "Credit " + listed + " as part of the training setup the experiments use.";
        };
        String members = family != null ? family : kind.plural().substring(0, 1).toUpperCase(Locale.ROOT)
                + kind.plural().substring(1);
        return new RelatedWorkSubsection(title, members + " named in the setup of experimental_log.md: " + listed,
                "Find the papers that introduced " + listed + " and the closest work building on them"
                        + before(cutoffDate) + ".",
                "The shortcomings of " + listed + " that matter here are those visible in the results of "
                        + "experimental_log.md; confirm each from the verified abstracts before stating it.",
                names, bridge);
    }

    private static RelatedWorkSubsection ideaCluster(String topic, @Nullable String cutoffDate) {
        return new RelatedWorkSubsection("Prior work on " + topic,
                "Approaches addressing " + topic + " (idea.md)",
                "Find the recent technical work on " + topic + before(cutoffDate) + ".",
                "Existing work on " + topic + " leaves open what idea.md addresses; confirm from the verified "
                        + "abstracts before stating it.",
                List.of(topic), "Relate " + topic + " in idea.md to this line of work.");
    }

    private static String before(@Nullable String cutoffDate) {
        return cutoffDate == null ? "" : ", published before " + cutoffDate;
    }
}
