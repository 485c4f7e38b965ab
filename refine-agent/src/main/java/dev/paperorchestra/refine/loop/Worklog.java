package dev.paperorchestra.refine.loop;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ReviewScores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** worklog.json: a JSON array with one object per revision, in snake_case as the spec names the fields. */
public final class Worklog {

    private Worklog() {
    }

    public static String toJson(List<WorklogEntry> entries) {
        ArrayNode array = Json.mapper().createArrayNode();
        for (WorklogEntry entry : entries) {
            ObjectNode json = array.addObject();
            json.put("iteration", entry.iteration());
            strings(json.putArray("addressed_weaknesses"), entry.addressedWeaknesses());
            strings(json.putArray("integrated_answers"), entry.integratedAnswers());
            strings(json.putArray("actions_taken"), entry.actionsTaken());
            json.set("scores_before", scores(entry.scoresBefore()));
            ReviewScores after = entry.scoresAfter();
            json.set("scores_after", after == null ? json.nullNode() : scores(after));
            json.put("decision", entry.decision());
            json.put("why", entry.why());
            json.put("generated_by", entry.generatedBy());
            if (!entry.planEdits().isEmpty()) {
                ArrayNode edits = json.putArray("plan_edits");
                for (PlanEdit edit : entry.planEdits()) {
                    ObjectNode node = edits.addObject().put("point", edit.point()).put("rank", edit.rank())
                            .put("criterion", edit.criterion());
                    strings(node.putArray("raised_by"), edit.raisedBy());
                    node.put("request", edit.request());
                    if (edit.section() == null) {
                        node.putNull("section");
                    } else {
                        node.put("section", edit.section());
                    }
                    node.put("outcome", edit.outcome());
                    strings(node.putArray("reasons"), edit.reasons());
                }
            }
        }
        return Json.mapper().writeValueAsString(array);
    }

    /**
     * @throws PermanentException when the text is not a worklog this class wrote
     */
    public static List<WorklogEntry> parse(String json) {
        try {
            List<WorklogEntry> entries = new ArrayList<>();
            for (JsonNode entry : Json.mapper().readTree(json)) {
                entries.add(new WorklogEntry(
                        entry.required("iteration").asInt(),
                        strings(entry.required("addressed_weaknesses")),
                        strings(entry.required("integrated_answers")),
                        strings(entry.required("actions_taken")),
                        scores(entry.required("scores_before")),
                        entry.required("scores_after").isNull() ? null : scores(entry.required("scores_after")),
                        entry.required("decision").asString(),
                        entry.required("why").asString(),
                        entry.required("generated_by").asString(),
                        planEdits(entry.get("plan_edits"))));
            }
            return entries;
        } catch (JacksonException e) {
            throw new PermanentException("worklog.json of the refinement state is unreadable: " + e.getMessage(), e);
        }
    }

    /** Scores as worklog.json and every saved review write them: overall, subScores, decision. */
    public static ObjectNode scores(ReviewScores scores) {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("overall", scores.getOverall());
        ObjectNode sub = json.putObject("subScores");
        scores.getSubScores().forEach(sub::put);
        json.put("decision", scores.getDecision());
        return json;
    }

    /**
     * Reads scores written by {@link #scores(ReviewScores)} (or by the reviewer into a review's "scores").
     *
     * @throws tools.jackson.databind.DatabindException when a field is missing
     */
    public static ReviewScores scores(JsonNode json) {
        Map<String, Double> sub = new LinkedHashMap<>();
        json.required("subScores").forEachEntry((axis, value) -> sub.put(axis, value.asDouble()));
        return ReviewScores.newBuilder().setOverall(json.required("overall").asDouble()).setSubScores(sub)
                .setDecision(json.required("decision").asString()).build();
    }

    /** plan_edits, absent from entries of a revision without a meta-review plan (and from older worklogs). */
    private static List<PlanEdit> planEdits(@Nullable JsonNode array) {
        List<PlanEdit> edits = new ArrayList<>();
        if (array != null && array.isArray()) {
            for (JsonNode edit : array) {
                JsonNode section = edit.required("section");
                edits.add(new PlanEdit(edit.required("point").asString(), edit.required("rank").asInt(),
                        edit.required("criterion").asString(), strings(edit.get("raised_by")),
                        edit.required("request").asString(), section.isNull() ? null : section.asString(),
                        edit.required("outcome").asString(), strings(edit.get("reasons"))));
            }
        }
        return edits;
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static List<String> strings(@Nullable JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(item -> values.add(item.asString()));
        }
        return values;
    }
}
