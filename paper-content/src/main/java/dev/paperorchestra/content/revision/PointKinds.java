package dev.paperorchestra.content.revision;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The offline rules that name a point's kind from its words. The first rule that matches wins, so the order
 * says which reading is preferred: a sentence calling a statement wrong is a factual error even if it also names
 * a table; asking to compare with "Smith et al." is a missing comparison before it is a missing citation.
 */
final class PointKinds {

    private static final Map<PointKind, Pattern> RULES = new LinkedHashMap<>();

    static {
        RULES.put(PointKind.FACTUAL_ERROR, words("incorrect(ly)?|wrong(ly)?|erroneous(ly)?|inaccurate|contradicts?"
                + "|contradictory|inconsistent|inconsistency|factual(ly)?|mistaken(ly)?|misstate[sd]?|not true|false claim"));
        RULES.put(PointKind.MISSING_EXPERIMENT, words("compar(e|ed|es|ing|ison|isons)|baselines?|ablations?"
                + "|experiments?|evaluat(e|ed|ion) on|benchmarks?|additional results|more datasets|other datasets"));
        RULES.put(PointKind.MISSING_CITATION, words("cite[sd]?|citing|citations?|references? to|missing references?"
                + "|related work (omits|misses|ignores|lacks|overlooks)|prior work|previous work|et al\\.?"));
        RULES.put(PointKind.MISSING_DETAIL, words("not (stated|specified|described|reported|mentioned|given)"
                + "|does not (state|specify|describe|report|mention|give)|details?|hyper-?parameters?|learning rate"
                + "|batch size|implementation|how many|number of"));
        RULES.put(PointKind.PRESENTATION, words("figures?|fig\\.|fonts?|typos?|formatting|layout|legends?|captions?"
                + "|grammar|hard to read|too small|writing|proofread(ing)?"));
        RULES.put(PointKind.CLARITY, words("unclear|clarif(y|ied|ication)|confus(ing|ed)|hard to follow"
                + "|difficult to (understand|follow)|notation|explain(ed|s)?|explanation|ambiguous|vague|define[sd]?"
                + "|definition"));
    }

    private PointKinds() {
    }

    private static Pattern words(String alternatives) {
        return Pattern.compile("(?i)(?<![\\p{L}])(" + alternatives + ")(?![\\p{L}])");
    }

    /** The kind the words call for, or empty when the sentence asks for nothing in particular. */
    static Optional<PointKind> signalled(String sentence) {
        for (Map.Entry<PointKind, Pattern> rule : RULES.entrySet()) {
            if (rule.getValue().matcher(sentence).find()) {
                return Optional.of(rule.getKey());
            }
        }
        return sentence.strip().endsWith("?") ? Optional.of(PointKind.QUESTION) : Optional.empty();
    }
}
