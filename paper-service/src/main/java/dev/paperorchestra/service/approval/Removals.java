package dev.paperorchestra.service.approval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The edit a person may make at the citations and figures gates: take entries out of what was offered, never add
 * or change one. The offer holds its entries in one object ({@code keys} of the citation pool, {@code figures} of
 * the figures offer); the edit is that document with entries removed. Only the names left count: an entry's
 * content is always the offered one, so an edit cannot smuggle in a citation or a figure the pipeline did not
 * verify or render.
 *
 * @param removed    the offered names the edit leaves out, in offer order
 * @param violations why the edit is refused; empty when it is valid
 */
record Removals(List<String> removed, List<String> violations) {

    /** The object of each gate's offer that an edit may take entries out of. */
    static String field(String stage) {
        return switch (stage) {
            case "citations" -> "keys";
            case "figures" -> "figures";
            default -> throw new IllegalArgumentException("the " + stage + " gate takes no edited artifact");
        };
    }

    static Removals of(String stage, JsonNode offered, JsonNode edited) {
        String field = field(stage);
        List<String> violations = new ArrayList<>();
        JsonNode kept = edited.path(field);
        if (!edited.isObject() || !kept.isObject()) {
            violations.add(field + ": must be an object, the offered " + stage + " with entries removed");
            return new Removals(List.of(), violations);
        }
        Set<String> offeredNames = new LinkedHashSet<>(offered.path(field).propertyNames());
        Set<String> keptNames = new LinkedHashSet<>(kept.propertyNames());
        for (String name : keptNames) {
            if (!offeredNames.contains(name)) {
                violations.add(field + "." + shorten(name) + ": not among the offered " + stage
                        + "; an edit may only remove entries");
            }
        }
        List<String> removed = offeredNames.stream().filter(name -> !keptNames.contains(name)).toList();
        return new Removals(removed, violations);
    }

    /** The line for the timeline and summary.json. */
    String describe(String stage, int offered, String sha256) {
        String noun = stage.equals("citations") ? "citations" : "figures";
        return "removed " + removed.size() + " of " + offered + " " + noun + ": " + String.join(", ", removed)
                + " (edited " + stage + " sha256 " + sha256.substring(0, Math.min(12, sha256.length())) + ")";
    }

    private static String shorten(String name) {
        return name.length() <= 60 ? name : name.substring(0, 60) + "...";
    }
}
