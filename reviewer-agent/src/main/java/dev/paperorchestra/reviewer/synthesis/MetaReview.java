package dev.paperorchestra.reviewer.synthesis;

import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One revision plan from a panel's reviews. Points that several reviewers raised ({@link PointMatcher}) are
 * merged; the plan ranks them by how many reviewers raised them, then by the rubric weight of their criterion,
 * then by how low the panel scored that criterion, then in the order they were first raised. Criteria on which
 * the members' scores spread by {@code disagreementSpread} or more are listed as disagreements with every
 * member's score, so the reviser and the reader see where the panel is split instead of an average hiding it.
 *
 * @param plan          the ranked points, first the one to address first
 * @param disagreements the split criteria, widest spread first
 */
public record MetaReview(List<PlanPoint> plan, List<Disagreement> disagreements) {

    /**
     * One point of the plan.
     *
     * @param rank      from 1
     * @param criterion the criterion most of its reviewers filed it under (ties: the heavier one)
     * @param weight    that criterion's rubric weight
     * @param request   the request as first raised (in seat order)
     * @param raisedBy  the reviewers who raised it, in seat order
     * @param sections  where it applies, as the reviewers named it
     * @param quotes    the spans it is about
     * @param requests  every reviewer's wording, in seat order
     */
    public record PlanPoint(int rank, String criterion, double weight, String request, List<String> raisedBy,
            List<String> sections, List<String> quotes, List<String> requests) {

        public PlanPoint {
            raisedBy = List.copyOf(raisedBy);
            sections = List.copyOf(sections);
            quotes = List.copyOf(quotes);
            requests = List.copyOf(requests);
        }

        public int support() {
            return raisedBy.size();
        }
    }

    /**
     * @param spread highest minus lowest score
     * @param scores every member's score, in seat order
     */
    public record Disagreement(String criterion, int spread, Map<String, Integer> scores) {

        public Disagreement {
            scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
        }
    }

    public MetaReview {
        plan = List.copyOf(plan);
        disagreements = List.copyOf(disagreements);
    }

    /** A point as one reviewer raised it, before merging. */
    private record Raised(int order, String reviewer, String criterion, RubricAssessment.Point point) {
    }

    /** The meta-review of these members' judgements (in seat order) on this rubric. */
    public static MetaReview of(List<Judgement> members, Rubric rubric, int disagreementSpread) {
        List<Raised> raised = new ArrayList<>();
        for (Judgement member : members) {
            for (RubricAssessment.CriterionScore criterion : member.rubric().criteria()) {
                for (RubricAssessment.Point point : criterion.points()) {
                    raised.add(new Raised(raised.size(), member.reviewer(), criterion.criterion(), point));
                }
            }
        }
        List<List<Raised>> groups = group(raised);
        Map<String, Double> meanScore = meanScores(members, rubric);
        List<PlanPoint> unranked = new ArrayList<>();
        for (List<Raised> group : groups) {
            unranked.add(point(group, rubric));
        }
        // groups are in the order their first point was raised, so the index is the last tie-breaker
        List<Integer> order = java.util.stream.IntStream.range(0, unranked.size()).boxed().sorted(Comparator
                .comparingInt((Integer i) -> unranked.get(i).support()).reversed()
                .thenComparing(Comparator.comparingDouble((Integer i) -> unranked.get(i).weight()).reversed())
                .thenComparingDouble(i -> meanScore.getOrDefault(unranked.get(i).criterion(), 0.0))
                .thenComparingInt(i -> i)).toList();
        List<PlanPoint> sorted = order.stream().map(unranked::get).toList();
        List<PlanPoint> plan = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            PlanPoint point = sorted.get(i);
            plan.add(new PlanPoint(i + 1, point.criterion(), point.weight(), point.request(), point.raisedBy(),
                    point.sections(), point.quotes(), point.requests()));
        }
        return new MetaReview(plan, disagreements(members, rubric, disagreementSpread));
    }

    /** Groups the points that are the same point (transitively), each group in the order its points were raised. */
    private static List<List<Raised>> group(List<Raised> raised) {
        int[] parent = new int[raised.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < raised.size(); i++) {
            for (int j = i + 1; j < raised.size(); j++) {
                Raised a = raised.get(i);
                Raised b = raised.get(j);
                // one reviewer's two points stay two points: a reviewer who lists them apart means them apart
                if (!a.reviewer().equals(b.reviewer())
                        && PointMatcher.same(a.point(), a.criterion(), b.point(), b.criterion())) {
                    parent[root(parent, j)] = root(parent, i);
                }
            }
        }
        Map<Integer, List<Raised>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < raised.size(); i++) {
            byRoot.computeIfAbsent(root(parent, i), r -> new ArrayList<>()).add(raised.get(i));
        }
        return new ArrayList<>(byRoot.values());
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static PlanPoint point(List<Raised> group, Rubric rubric) {
        Map<String, Integer> criterionVotes = new LinkedHashMap<>();
        group.forEach(raised -> criterionVotes.merge(raised.criterion(), 1, Integer::sum));
        String criterion = criterionVotes.entrySet().stream()
                .max(Comparator.<Map.Entry<String, Integer>>comparingInt(Map.Entry::getValue)
                        .thenComparingDouble(entry -> rubric.weight(entry.getKey())))
                .orElseThrow().getKey();
        Set<String> reviewers = new LinkedHashSet<>();
        Set<String> sections = new LinkedHashSet<>();
        Set<String> quotes = new LinkedHashSet<>();
        List<String> requests = new ArrayList<>();
        for (Raised raised : group) {
            reviewers.add(raised.reviewer());
            if (!raised.point().section().isBlank()) {
                sections.add(raised.point().section().strip());
            }
            if (!raised.point().quote().isBlank()) {
                quotes.add(raised.point().quote().strip());
            }
            requests.add(raised.point().request());
        }
        return new PlanPoint(0, criterion, rubric.weight(criterion), group.getFirst().point().request(),
                List.copyOf(reviewers), List.copyOf(sections), List.copyOf(quotes), requests);
    }

    private static Map<String, Double> meanScores(List<Judgement> members, Rubric rubric) {
        Map<String, Double> means = new LinkedHashMap<>();
        for (String criterion : rubric.ids()) {
            means.put(criterion, members.stream().mapToInt(member -> member.rubric().scores().get(criterion))
                    .average().orElse(0));
        }
        return means;
    }

    private static List<Disagreement> disagreements(List<Judgement> members, Rubric rubric, int threshold) {
        List<Disagreement> split = new ArrayList<>();
        if (members.size() < 2) {
            return split;
        }
        for (String criterion : rubric.ids()) {
            Map<String, Integer> scores = new LinkedHashMap<>();
            members.forEach(member -> scores.put(member.reviewer(), member.rubric().scores().get(criterion)));
            int spread = scores.values().stream().mapToInt(Integer::intValue).max().orElse(0)
                    - scores.values().stream().mapToInt(Integer::intValue).min().orElse(0);
            if (spread >= threshold) {
                split.add(new Disagreement(criterion, spread, scores));
            }
        }
        split.sort(Comparator.comparingInt(Disagreement::spread).reversed()
                .thenComparing(Comparator.comparingDouble((Disagreement d) -> rubric.weight(d.criterion())).reversed()));
        return split;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("ranking", "reviewers raising the point, then rubric weight, then lowest panel score, then order "
                + "raised");
        ArrayNode planJson = json.putArray("Plan");
        for (PlanPoint point : plan) {
            ObjectNode node = planJson.addObject().put("Rank", point.rank()).put("Criterion", point.criterion())
                    .put("Weight", point.weight()).put("Request", point.request()).put("Support", point.support());
            point.raisedBy().forEach(node.putArray("RaisedBy")::add);
            point.sections().forEach(node.putArray("Sections")::add);
            point.quotes().forEach(node.putArray("Quotes")::add);
            point.requests().forEach(node.putArray("Requests")::add);
        }
        ArrayNode split = json.putArray("Disagreements");
        for (Disagreement disagreement : disagreements) {
            ObjectNode node = split.addObject().put("Criterion", disagreement.criterion())
                    .put("Spread", disagreement.spread());
            ObjectNode scores = node.putObject("Scores");
            disagreement.scores().forEach(scores::put);
        }
        return json;
    }
}
