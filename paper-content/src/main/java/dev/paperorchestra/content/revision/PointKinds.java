package dev.paperorchestra.content.revision;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The offline rules that name a point's kind from its words. The first rule that matches wins, so the order
 * says which reading is preferred: a sentence calling a statement wrong is a factual error even if it also names
 * a table; asking to cite a work is a missing citation even where the work is a baseline; asking to compare with
 * "Smith et al." is a missing comparison before it is a missing citation. Nouns that only name where results are
 * ("the baselines", "the experiments") call for results in a statement, not in a question that asks about them.
 */
final class PointKinds {

    /**
     * @param strong      the words ask for something by themselves ("not stated", "please compare"); weak words only
     *                    say what a point is about ("the learning rate", "the figures")
     * @param inQuestions the words count in a question too ("the baselines" in a question asks about them)
     */
    private record Rule(PointKind kind, Pattern words, boolean strong, boolean inQuestions) {
    }

    private static final List<Rule> RULES = new ArrayList<>();

    static {
        strong(PointKind.FACTUAL_ERROR, "incorrect(ly)?|wrong(ly)?|erroneous(ly)?|inaccurate|contradicts?"
                + "|contradictory|inconsistent|inconsistency|factual(ly)?|mistaken(ly)?|misstate[sd]?|not true"
                + "|false claim");
        strong(PointKind.MISSING_CITATION, "cite[sd]?|citing|citations?|references? to|missing references?"
                + "|(missing|absent) from the references|not in the references"
                + "|related work (omits|misses|ignores|lacks|overlooks)");
        strong(PointKind.MISSING_EXPERIMENT, "compar(e|ed|es|ing|ison|isons)|ablations?|evaluat(e|ed|ion|ions) on"
                + "|additional results|more datasets|other datasets|(like|want) to see|unsupported|not supported"
                + "|no evidence|without evidence");
        RULES.add(new Rule(PointKind.MISSING_EXPERIMENT, words("baselines?|experiments?|benchmarks?"), false, false));
        weak(PointKind.MISSING_CITATION, "prior work|previous work|et al\\.?");
        strong(PointKind.MISSING_DETAIL, "not (stated|specified|described|reported|mentioned|given)"
                + "|does not (state|specify|describe|report|mention|give)|how many");
        weak(PointKind.MISSING_DETAIL, "details?|hyper-?parameters?|learning rate|batch size|implementation"
                + "|number of");
        strong(PointKind.PRESENTATION, "typos?|grammar|hard to read|too small|formatting|proofread(ing)?");
        weak(PointKind.PRESENTATION, "figures?|fig\\.|fonts?|layout|legends?|captions?|writing");
        strong(PointKind.CLARITY, "unclear|unsure|not sure|clarif(y|ied|ication)|confus(ing|ed)|hard to follow"
                + "|difficult to (understand|follow)|explain(ed|s)?|explanation|ambiguous|vague");
        weak(PointKind.CLARITY, "notation|define[sd]?|definition");
    }

    /**
     * Words by which a sentence asks for something besides a kind's strong words: a wish, an absence. A passage
     * with none of these, no strong word and no question asks for nothing (praise, a summary, a recommendation).
     */
    private static final Pattern REQUEST = words("should|please|would like|would be (good|nice|useful|helpful|needed)"
            + "|would benefit|wants? to (know|see)|needs? to|needed|must|(I )?suggest|recommend that|lacks?|lacking"
            + "|missing|omits?|omitted|ignores?|not (clear|convincing)|I wonder");

    /** When one point's sentences signal several kinds, the earlier kind here says more about how to answer it. */
    private static final List<PointKind> PRECEDENCE = List.of(PointKind.FACTUAL_ERROR, PointKind.MISSING_EXPERIMENT,
            PointKind.MISSING_CITATION, PointKind.MISSING_DETAIL, PointKind.PRESENTATION, PointKind.CLARITY,
            PointKind.QUESTION);

    private PointKinds() {
    }

    private static void strong(PointKind kind, String alternatives) {
        RULES.add(new Rule(kind, words(alternatives), true, true));
    }

    private static void weak(PointKind kind, String alternatives) {
        RULES.add(new Rule(kind, words(alternatives), false, true));
    }

    private static Pattern words(String alternatives) {
        return Pattern.compile("(?i)(?<![\\p{L}])(" + alternatives + ")(?![\\p{L}])");
    }

    /** The kind the words call for, or empty when the sentence asks for nothing in particular. */
    static Optional<PointKind> signalled(String sentence) {
        boolean question = isQuestion(sentence);
        for (Rule rule : RULES) {
            if ((rule.inQuestions() || !question) && rule.words().matcher(sentence).find()) {
                return Optional.of(rule.kind());
            }
        }
        return question ? Optional.of(PointKind.QUESTION) : Optional.empty();
    }

    static boolean isQuestion(String sentence) {
        return sentence.strip().endsWith("?");
    }

    /** The sentence asks for something: a question, a wish, an absence or a kind's strong words. */
    static boolean asks(String sentence) {
        if (isQuestion(sentence) || REQUEST.matcher(sentence).find()) {
            return true;
        }
        return RULES.stream().anyMatch(rule -> rule.strong() && rule.words().matcher(sentence).find());
    }

    /** Of two kinds signalled in one point, the one that says more about how to answer it. */
    static PointKind stronger(PointKind a, PointKind b) {
        return PRECEDENCE.indexOf(a) <= PRECEDENCE.indexOf(b) ? a : b;
    }

    /**
     * What the point asks, without the sentences that only set the scene: its questions and requests, or the whole
     * point when none stands out.
     */
    static String ask(String quote) {
        List<String> asking = PointSplitter.sentences(quote).stream()
                .filter(PointKinds::asks).toList();
        return asking.isEmpty() ? quote : String.join(" ", asking);
    }
}
