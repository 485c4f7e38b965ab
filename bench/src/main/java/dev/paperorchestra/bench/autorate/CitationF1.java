package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.base.json.Json;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Citation precision, recall and F1 of a generated reference list against the human paper's, both given as
 * resolved identities (Semantic Scholar paper ids; a reference that did not resolve keeps a {@code title:}
 * identity so it still counts). For the P0 (must cite) and P1 (good to cite) subsets of the reference list,
 * recall is the share of the subset cited, and precision is the share of generated references that are in
 * the subset among those not in the other subset: a generated P1 paper is neither right nor wrong for P0.
 */
public final class CitationF1 {

    public enum Priority { P0, P1 }

    /** Precision, recall and F1 of one subset; NaN where a denominator is zero. */
    public record Scores(int matched, int generated, int reference, double precision, double recall, double f1) {

        static Scores of(int matched, int generated, int reference) {
            double precision = generated == 0 ? Double.NaN : (double) matched / generated;
            double recall = reference == 0 ? Double.NaN : (double) matched / reference;
            double f1 = Double.isNaN(precision) || Double.isNaN(recall) || precision + recall == 0
                    ? (matched == 0 && generated > 0 && reference > 0 ? 0 : Double.NaN)
                    : 2 * precision * recall / (precision + recall);
            return new Scores(matched, generated, reference, precision, recall, f1);
        }

        public ObjectNode toJson() {
            ObjectNode json = Json.mapper().createObjectNode().put("matched", matched).put("generated", generated)
                    .put("reference", reference);
            put(json, "precision", precision);
            put(json, "recall", recall);
            put(json, "f1", f1);
            return json;
        }

        private static void put(ObjectNode json, String field, double value) {
            if (Double.isNaN(value)) {
                json.putNull(field);
            } else {
                json.put(field, Math.round(value * 10_000) / 10_000.0);
            }
        }
    }

    /** Scores for every reference, and per priority when labels were given. */
    public record Result(Scores all, Map<Priority, Scores> byPriority) {
    }

    private CitationF1() {
    }

    /**
     * @param generated identities of the generated paper's references
     * @param reference identities of the human paper's references
     * @param labels    P0/P1 label of each reference identity; empty when none were made (offline)
     */
    public static Result score(Set<String> generated, Set<String> reference, Map<String, Priority> labels) {
        Scores all = Scores.of(intersection(generated, reference).size(), generated.size(), reference.size());
        if (labels.isEmpty()) {
            return new Result(all, Map.of());
        }
        Map<Priority, Scores> byPriority = new EnumMap<>(Priority.class);
        for (Priority priority : Priority.values()) {
            Set<String> subset = reference.stream().filter(id -> labels.get(id) == priority).collect(Collectors.toSet());
            Set<String> other = new HashSet<>(reference);
            other.removeAll(subset);
            Set<String> counted = generated.stream().filter(id -> !other.contains(id)).collect(Collectors.toSet());
            byPriority.put(priority, Scores.of(intersection(counted, subset).size(), counted.size(), subset.size()));
        }
        return new Result(all, Map.copyOf(byPriority));
    }

    private static Set<String> intersection(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }
}
