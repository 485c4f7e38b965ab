package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.synthesis.Judgement;
import dev.paperorchestra.reviewer.synthesis.MetaReview;
import dev.paperorchestra.reviewer.synthesis.PanelAgreement;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ReviewScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Several independent reviews of one version, aggregated by the median of each axis so that one outlying
 * reviewer cannot flip an accept/revert decision (SPEC.md section 3). The decision is the majority's; a tie
 * rejects. The saved review keeps every member and the values each median was taken from; when the members
 * scored a rubric, it also has the meta-review (one ranked revision plan, disagreements listed) and the panel's
 * agreement figures. Members whose provider failed past its retries are named with the reason.
 *
 * @param members            the reviews that arrived, in seat order
 * @param absent             the seats left out, with why
 * @param rubric             the rubric the members scored, or null when they did not
 * @param disagreementSpread criterion spread from which the meta-review lists a disagreement
 */
public record PanelReview(List<Review> members, List<Absence> absent, @Nullable Rubric rubric,
        int disagreementSpread) implements Review {

    public static final String AGGREGATION = "median";

    /**
     * A seat whose review did not arrive.
     *
     * @param seat   the member's name in the panel
     * @param reason why (the provider's failure after the gateway's retries, or an answer it could not repair)
     */
    public record Absence(String seat, String reason) {
    }

    public PanelReview {
        members = List.copyOf(members);
        absent = List.copyOf(absent);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a panel has at least one member");
        }
    }

    /** A panel of same-format reviews without rubric scores. */
    public PanelReview(List<Review> members) {
        this(members, List.of(), null, 2);
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

    /** The members' judgements, when every member scored the rubric. */
    public Optional<List<Judgement>> judgements() {
        if (rubric == null || !members.stream().allMatch(MemberReview.class::isInstance)) {
            return Optional.empty();
        }
        return Optional.of(members.stream().map(member -> ((MemberReview) member).judgement()).toList());
    }

    /** The meta-review, when the members scored the rubric. */
    public Optional<MetaReview> metaReview() {
        return judgements().map(judgements -> MetaReview.of(judgements, rubricOrThrow(), disagreementSpread));
    }

    /** The agreement figures, when the members scored the rubric. */
    public Optional<PanelAgreement> agreement() {
        return judgements().map(judgements -> PanelAgreement.of(judgements, rubricOrThrow(), decision()));
    }

    private Rubric rubricOrThrow() {
        if (rubric == null) {
            throw new IllegalStateException("no rubric");
        }
        return rubric;
    }

    @Override
    public ObjectNode toJson() {
        ReviewScores aggregate = scores();
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("Overall", aggregate.getOverall());
        aggregate.getSubScores().forEach(json::put);
        json.put("Decision", aggregate.getDecision());
        json.put("GeneratedBy", generatedBy());
        // the plan first: the reviser reads this JSON top-down
        metaReview().ifPresent(meta -> json.set("MetaReview", meta.toJson()));
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
        if (rubric != null) {
            json.put("RubricVersion", rubric.version());
        }
        agreement().ifPresent(agreement -> json.set("Agreement", agreement.toJson()));
        if (!absent.isEmpty()) {
            ArrayNode absentJson = json.putArray("Absent");
            absent.forEach(seat -> absentJson.addObject().put("Seat", seat.seat()).put("Reason", seat.reason()));
        }
        ArrayNode reviews = json.putArray("Members");
        members.forEach(member -> reviews.add(member.toJson()));
        return json;
    }

    @Override
    public String generatedBy() {
        return "panel of " + members.size() + ": " + members.stream().map(Review::generatedBy)
                .collect(Collectors.joining(", "))
                + (absent.isEmpty() ? "" : " (" + absent.size() + " absent: "
                        + absent.stream().map(Absence::seat).collect(Collectors.joining(", ")) + ")");
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
