package dev.paperorchestra.reviewer.synthesis;

import dev.paperorchestra.model.stats.KrippendorffAlpha;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How much a panel's members agree, on the rubric and on the decision.
 *
 * <ul>
 *   <li>per criterion: every member's score, their mean, spread (highest minus lowest) and population standard
 *       deviation;</li>
 *   <li>per pair of members: the mean absolute difference of their criterion scores, and the share of criteria
 *       on which they are within one level;</li>
 *   <li>over the panel: the mean of the pairwise figures, and Krippendorff's alpha with the interval metric over
 *       the criteria (null when every score is the same: alpha is undefined without variation);</li>
 *   <li>decisions: the panel's decision (the one the acceptance rule reads), each member's own decision as a
 *       single reviewer, and how many single reviewers would have decided as the panel did.</li>
 * </ul>
 *
 * @param criteria   per-criterion figures, in the rubric's order
 * @param pairs      per pair of members, in seat order
 * @param alpha      Krippendorff's interval alpha over the criteria, null when undefined
 * @param decisions  each member's decision, in seat order
 * @param panelDecision the panel's aggregate decision
 * @param weighted   each member's rubric-weighted score, in seat order
 */
public record PanelAgreement(List<CriterionSpread> criteria, List<PairAgreement> pairs, @Nullable Double alpha,
        Map<String, String> decisions, String panelDecision, Map<String, Double> weighted) {

    public record CriterionSpread(String criterion, Map<String, Integer> scores, double mean, int spread,
            double standardDeviation) {

        public CriterionSpread {
            scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
        }
    }

    /**
     * @param meanAbsoluteDifference mean over criteria of |score a - score b|
     * @param withinOne              share of criteria with |score a - score b| at most 1
     */
    public record PairAgreement(String a, String b, double meanAbsoluteDifference, double withinOne) {
    }

    public PanelAgreement {
        criteria = List.copyOf(criteria);
        pairs = List.copyOf(pairs);
        decisions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(decisions));
        weighted = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weighted));
    }

    /** The agreement of these members (in seat order) on this rubric, given the panel's decision. */
    public static PanelAgreement of(List<Judgement> members, Rubric rubric, String panelDecision) {
        List<CriterionSpread> criteria = new ArrayList<>();
        double[][] units = new double[rubric.criteria().size()][];
        int unit = 0;
        for (String criterion : rubric.ids()) {
            Map<String, Integer> scores = new LinkedHashMap<>();
            members.forEach(member -> scores.put(member.reviewer(), member.rubric().scores().get(criterion)));
            double[] values = scores.values().stream().mapToDouble(Integer::doubleValue).toArray();
            units[unit++] = values;
            double mean = java.util.Arrays.stream(values).average().orElse(0);
            double variance = java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).average().orElse(0);
            int spread = (int) (java.util.Arrays.stream(values).max().orElse(0)
                    - java.util.Arrays.stream(values).min().orElse(0));
            criteria.add(new CriterionSpread(criterion, scores, mean, spread, Math.sqrt(variance)));
        }
        List<PairAgreement> pairs = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                pairs.add(pair(members.get(i), members.get(j), rubric));
            }
        }
        Map<String, String> decisions = new LinkedHashMap<>();
        Map<String, Double> weighted = new LinkedHashMap<>();
        for (Judgement member : members) {
            decisions.put(member.reviewer(), member.decision());
            weighted.put(member.reviewer(), rubric.weightedScore(member.rubric().scores()));
        }
        return new PanelAgreement(criteria, pairs, members.size() < 2 ? null : krippendorffInterval(units),
                decisions, panelDecision, weighted);
    }

    private static PairAgreement pair(Judgement a, Judgement b, Rubric rubric) {
        double absolute = 0;
        int within = 0;
        for (String criterion : rubric.ids()) {
            int difference = Math.abs(a.rubric().scores().get(criterion) - b.rubric().scores().get(criterion));
            absolute += difference;
            within += difference <= 1 ? 1 : 0;
        }
        int n = rubric.ids().size();
        return new PairAgreement(a.reviewer(), b.reviewer(), absolute / n, (double) within / n);
    }

    /** Krippendorff's alpha, interval metric, over units each holding the members' scores on one criterion. */
    static @Nullable Double krippendorffInterval(double[][] units) {
        return KrippendorffAlpha.of(java.util.Arrays.asList(units), KrippendorffAlpha.Metric.INTERVAL);
    }

    /** Mean over pairs of the within-one share; null for a panel of one. */
    public @Nullable Double meanWithinOne() {
        return pairs.isEmpty() ? null : pairs.stream().mapToDouble(PairAgreement::withinOne).average().orElseThrow();
    }

    /** Mean over pairs of the mean absolute difference; null for a panel of one. */
    public @Nullable Double meanAbsoluteDifference() {
        return pairs.isEmpty() ? null
                : pairs.stream().mapToDouble(PairAgreement::meanAbsoluteDifference).average().orElseThrow();
    }

    /** How many members, each deciding alone, decided as the panel did. */
    public int singleDecisionsMatchingPanel() {
        return (int) decisions.values().stream().filter(panelDecision::equals).count();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode().put("members", decisions.size());
        ObjectNode perCriterion = json.putObject("criteria");
        for (CriterionSpread criterion : criteria) {
            ObjectNode node = perCriterion.putObject(criterion.criterion());
            ObjectNode scores = node.putObject("scores");
            criterion.scores().forEach(scores::put);
            node.put("mean", round(criterion.mean())).put("spread", criterion.spread())
                    .put("sd", round(criterion.standardDeviation()));
        }
        ArrayNode pairJson = json.putArray("pairs");
        pairs.forEach(pair -> pairJson.addObject().put("a", pair.a()).put("b", pair.b())
                .put("meanAbsoluteDifference", round(pair.meanAbsoluteDifference()))
                .put("withinOne", round(pair.withinOne())));
        putNullable(json, "meanWithinOne", meanWithinOne());
        putNullable(json, "meanAbsoluteDifference", meanAbsoluteDifference());
        putNullable(json, "krippendorffAlphaInterval", alpha);
        ObjectNode decisionJson = json.putObject("decisions").put("panel", panelDecision);
        ObjectNode single = decisionJson.putObject("single");
        decisions.forEach(single::put);
        decisionJson.put("singleMatchingPanel", singleDecisionsMatchingPanel())
                .put("singleAccepting", (int) decisions.values().stream().filter("Accept"::equals).count());
        ObjectNode weightedJson = json.putObject("weightedRubricScore");
        weighted.forEach((reviewer, score) -> weightedJson.put(reviewer, round(score)));
        return json;
    }

    private static void putNullable(ObjectNode json, String field, @Nullable Double value) {
        if (value == null) {
            json.putNull(field);
        } else {
            json.put(field, round(value));
        }
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
