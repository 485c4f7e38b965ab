package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.schemas.ReviewScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Several independent reviews of one version, aggregated by the median of each axis so that one outlying
 * reviewer cannot flip an accept/revert decision (SPEC.md section 3). The decision is the majority's; a tie
 * rejects. The saved review keeps every member and the values each median was taken from.
 */
public record PanelReview(List<Review> members) implements Review {

    public static final String AGGREGATION = "median";

    public PanelReview {
        members = List.copyOf(members);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a panel has at least one member");
        }
    }

    @Override
    public ReviewScores scores() {
        Map<String, Double> sub = new LinkedHashMap<>();
        for (String axis : members.getFirst().scores().getSubScores().keySet()) {
            sub.put(axis, median(values(axis)));
        }
        return ReviewScores.newBuilder().setOverall(median(values("Overall"))).setSubScores(sub)
                .setDecision(decision()).build();
    }

    @Override
    public ObjectNode toJson() {
        ReviewScores aggregate = scores();
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("Overall", aggregate.getOverall());
        aggregate.getSubScores().forEach(json::put);
        json.put("Decision", aggregate.getDecision());
        json.put("GeneratedBy", generatedBy());
        ObjectNode aggregation = json.putObject("Aggregation").put("method", AGGREGATION)
                .put("members", members.size());
        ObjectNode axes = aggregation.putObject("axes");
        List<String> names = new ArrayList<>(List.of("Overall"));
        names.addAll(aggregate.getSubScores().keySet());
        for (String axis : names) {
            double[] values = values(axis);
            ObjectNode entry = axes.putObject(axis);
            Arrays.stream(values).forEach(entry.putArray("values")::add);
            entry.put("median", median(values));
        }
        ObjectNode decisions = aggregation.putObject("decision").put("rule", "majority; a tie rejects");
        members.forEach(member -> decisions.withArrayProperty("values").add(member.scores().getDecision()));
        ArrayNode reviews = json.putArray("Members");
        members.forEach(member -> reviews.add(member.toJson()));
        return json;
    }

    @Override
    public String generatedBy() {
        return "panel of " + members.size() + ": " + members.stream().map(Review::generatedBy)
                .collect(Collectors.joining(", "));
    }

    private String decision() {
        long accepts = members.stream().filter(member -> member.scores().getDecision()
                .equals(ConferenceReview.ACCEPT)).count();
        return 2 * accepts > members.size() ? ConferenceReview.ACCEPT : ConferenceReview.REJECT;
    }

    private double[] values(String axis) {
        return members.stream().mapToDouble(member -> axis.equals("Overall") ? member.scores().getOverall()
                : member.scores().getSubScores().getOrDefault(axis, Double.NaN)).filter(v -> !Double.isNaN(v))
                .toArray();
    }

    /** The middle value; the mean of the two middle values for an even count. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
