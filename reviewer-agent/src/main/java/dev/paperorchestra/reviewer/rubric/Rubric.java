package dev.paperorchestra.reviewer.rubric;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A versioned review rubric: criteria, each with a weight and one behavioural anchor per score level. The
 * version is recorded in every review scored with it, so a saved review says which anchors its numbers meant.
 *
 * @param id       the rubric's name
 * @param version  its version, also the resource's file name ({@code rubric/v1.json})
 * @param min      lowest score level
 * @param max      highest score level
 * @param criteria in the order reviewers see them; weights sum to 1
 */
public record Rubric(String id, String version, int min, int max, List<Criterion> criteria) {

    /** The rubric a reviewer uses unless {@code po.reviewer.rubric} names another. */
    public static final String DEFAULT_VERSION = "v1";

    private static final int MAX_ID = 41;
    private static final int MAX_VERSION_DIGITS = 3;
    private static final double WEIGHT_TOLERANCE = 1e-6;

    /**
     * One criterion.
     *
     * @param weight  its share of the rubric's weighted score, above 0
     * @param anchors what a reviewer observes at each level, by level
     */
    public record Criterion(String id, String name, String question, double weight, Map<Integer, String> anchors) {

        public Criterion {
            anchors = Map.copyOf(anchors);
        }
    }

    public Rubric {
        criteria = List.copyOf(criteria);
        check(id, version, min, max, criteria);
    }

    /** The criterion with this id. */
    public Optional<Criterion> criterion(String criterionId) {
        return criteria.stream().filter(criterion -> criterion.id().equals(criterionId)).findFirst();
    }

    /** The criteria's ids in order. */
    public List<String> ids() {
        return criteria.stream().map(Criterion::id).toList();
    }

    /** The weight of a criterion; 0 for an id the rubric does not have. */
    public double weight(String criterionId) {
        return criterion(criterionId).map(Criterion::weight).orElse(0.0);
    }

    /** The weighted mean of per-criterion scores (every criterion must be scored). */
    public double weightedScore(Map<String, Integer> scores) {
        double total = 0;
        for (Criterion criterion : criteria) {
            Integer score = scores.get(criterion.id());
            if (score == null) {
                throw new IllegalArgumentException("criterion '" + criterion.id() + "' is not scored");
            }
            total += criterion.weight() * score;
        }
        return total;
    }

    /**
     * The rubric of this version from the classpath ({@code rubric/<version>.json}).
     *
     * @throws IllegalArgumentException when there is no such rubric or it is not a valid one, with the reason
     */
    public static Rubric load(String version) {
        if (!isVersion(version)) {
            throw new IllegalArgumentException("rubric version '" + version + "' is not of the form v1, v2, ...");
        }
        String resource = "rubric/" + version + ".json";
        try (InputStream in = Rubric.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no rubric " + version + " (no resource " + resource + ")");
            }
            Rubric rubric = parse(Json.mapper().readTree(in));
            if (!rubric.version().equals(version)) {
                throw new IllegalArgumentException(resource + " declares version '" + rubric.version() + "'");
            }
            return rubric;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(resource + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * A rubric from its JSON form.
     *
     * @throws IllegalArgumentException naming the first missing or invalid field
     */
    public static Rubric parse(JsonNode json) {
        List<Criterion> criteria = new ArrayList<>();
        JsonNode list = json.path("criteria");
        if (!list.isArray()) {
            throw new IllegalArgumentException("rubric: 'criteria' must be a list");
        }
        for (JsonNode node : list) {
            Map<Integer, String> anchors = new LinkedHashMap<>();
            JsonNode anchorNode = node.path("anchors");
            if (!anchorNode.isObject()) {
                throw new IllegalArgumentException("rubric criterion '" + node.path("id").asString("?")
                        + "': 'anchors' must be an object keyed by score level");
            }
            for (Map.Entry<String, JsonNode> anchor : anchorNode.properties()) {
                int level;
                try {
                    level = Integer.parseInt(anchor.getKey());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("rubric criterion '" + node.path("id").asString("?")
                            + "': anchor key '" + anchor.getKey() + "' is not a score level", e);
                }
                anchors.put(level, anchor.getValue().asString(""));
            }
            JsonNode weight = node.path("weight");
            criteria.add(new Criterion(text(node, "id"), text(node, "name"), text(node, "question"),
                    weight.isNumber() ? weight.doubleValue() : Double.NaN, anchors));
        }
        JsonNode scale = json.path("scale");
        if (!scale.path("min").isInt() || !scale.path("max").isInt()) {
            throw new IllegalArgumentException("rubric: 'scale' must have integer 'min' and 'max'");
        }
        return new Rubric(text(json, "id"), text(json, "version"), scale.path("min").intValue(),
                scale.path("max").intValue(), criteria);
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.path(field);
        if (!value.isString() || value.asString().isBlank()) {
            throw new IllegalArgumentException("rubric: '" + field + "' must be a non-empty string");
        }
        return value.asString();
    }

    private static void check(String id, String version, int min, int max, List<Criterion> criteria) {
        if (!isVersion(version)) {
            throw new IllegalArgumentException("rubric " + id + ": version '" + version + "' is not of the form v1");
        }
        if (min < 0 || max <= min || max - min > 9) {
            throw new IllegalArgumentException("rubric " + id + ": scale " + min + ".." + max
                    + " must have 2 to 10 levels from 0 or above");
        }
        if (criteria.isEmpty()) {
            throw new IllegalArgumentException("rubric " + id + " has no criteria");
        }
        Set<String> seen = new HashSet<>();
        double weights = 0;
        for (Criterion criterion : criteria) {
            String where = "rubric " + id + " criterion '" + criterion.id() + "'";
            if (!isId(criterion.id())) {
                throw new IllegalArgumentException(where + ": ids are lower-case words joined by '-'");
            }
            if (!seen.add(criterion.id())) {
                throw new IllegalArgumentException(where + " is listed twice");
            }
            if (!(criterion.weight() > 0) || criterion.weight() > 1) {
                throw new IllegalArgumentException(where + ": weight must be above 0 and at most 1, was "
                        + criterion.weight());
            }
            weights += criterion.weight();
            for (int level = min; level <= max; level++) {
                String anchor = criterion.anchors().get(level);
                if (anchor == null || anchor.isBlank()) {
                    throw new IllegalArgumentException(where + " has no anchor for level " + level);
                }
            }
            for (int level : criterion.anchors().keySet()) {
                if (level < min || level > max) {
                    throw new IllegalArgumentException(where + ": anchor for level " + level + " is outside the scale "
                            + min + ".." + max);
                }
            }
        }
        if (Math.abs(weights - 1.0) > WEIGHT_TOLERANCE) {
            throw new IllegalArgumentException("rubric " + id + ": weights sum to " + weights + ", not 1");
        }
    }

    /** "v1", "v12": a v and one to three digits. */
    static boolean isVersion(String version) {
        return version.length() >= 2 && version.length() <= MAX_VERSION_DIGITS + 1 && version.charAt(0) == 'v'
                && version.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** A criterion id: a lower-case letter, then 1 to 40 lower-case letters, digits or hyphens ("novelty-claim"). */
    static boolean isId(String id) {
        return id.length() >= 2 && id.length() <= MAX_ID && id.charAt(0) >= 'a' && id.charAt(0) <= 'z'
                && id.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-');
    }
}
