package dev.paperorchestra.service.approval;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What an edited outline changes, in a line a person reads in the timeline and summary.json: which of the three
 * parts changed, with entry counts where they differ, and the edited outline's digest to find it in the store.
 */
final class OutlineChanges {

    private static final List<String> PARTS = List.of("plotting_plan", "intro_related_work_plan", "section_plan");

    private OutlineChanges() {
    }

    static String describe(JsonNode original, JsonNode edited, String sha256) {
        List<String> changed = new ArrayList<>();
        for (String part : PARTS) {
            JsonNode before = original.path(part);
            JsonNode after = edited.path(part);
            if (before.equals(after)) {
                continue;
            }
            if (before.isArray() && after.isArray() && before.size() != after.size()) {
                changed.add(part + " " + before.size() + " -> " + after.size() + " entries");
            } else {
                changed.add(part + " changed");
            }
        }
        String what = changed.isEmpty() ? "no change to the outline's content" : String.join(", ", changed);
        return what + " (outline.json sha256 " + sha256.substring(0, Math.min(12, sha256.length())) + ")";
    }
}
