package dev.paperorchestra.outline.schema;

import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.runtime.outline.CitationHint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Rules of the outline contract beyond what the schema expresses: every citation hint is in one of its two
 * forms, and the section plan covers the abstract, method, experiments and conclusion. Violations read like the
 * schema's, so a model asked to repair its answer can act on them.
 */
final class OutlineRules {

    /** Each required section and the roles ({@link SectionRole}) a title may have to count as it. */
    private static final Map<String, Set<SectionRole>> REQUIRED_SECTIONS = Map.of(
            "abstract", Set.of(SectionRole.ABSTRACT),
            "method", Set.of(SectionRole.METHOD),
            "experiments", Set.of(SectionRole.EXPERIMENTS),
            "conclusion", Set.of(SectionRole.CONCLUSION, SectionRole.DISCUSSION));

    private OutlineRules() {
    }

    static List<String> check(JsonNode outline) {
        List<String> violations = new ArrayList<>();
        JsonNode sections = outline.path("section_plan");
        if (!sections.isArray()) {
            return violations;
        }
        Set<SectionRole> roles = new HashSet<>();
        for (int s = 0; s < sections.size(); s++) {
            JsonNode section = sections.get(s);
            roles.addAll(roles(section.path("section_title").asString("")));
            JsonNode subsections = section.path("subsections");
            for (int u = 0; u < subsections.size(); u++) {
                JsonNode hints = subsections.get(u).path("citation_hints");
                for (int h = 0; h < hints.size(); h++) {
                    String hint = hints.get(h).asString("").strip();
                    if (!hint.isEmpty() && !CitationHint.parse(hint).wellFormed()) {
                        violations.add("section_plan[" + s + "].subsections[" + u + "].citation_hints[" + h
                                + "]: must read \"Author (Exact Title)\" when both are certain, otherwise "
                                + "\"research paper or technical report introducing '<exact name>'\" (found \""
                                + hint + "\")");
                    }
                }
            }
        }
        REQUIRED_SECTIONS.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(required -> {
            boolean covered = required.getValue().stream().anyMatch(roles::contains);
            if (!covered) {
                violations.add("section_plan: has no section for the " + required.getKey()
                        + " (the plan covers abstract, method, experiments and conclusion)");
            }
        });
        return violations;
    }

    /**
     * The roles a title covers: its own and those of each of its words, so "Experimental Results and Discussion"
     * covers the experiments and the discussion.
     */
    static Set<SectionRole> roles(String title) {
        Set<SectionRole> roles = new HashSet<>();
        roles.add(SectionRole.of(title));
        for (String word : SectionRole.normalise(title).split(" ")) {
            roles.add(SectionRole.of(word));
        }
        return roles;
    }
}
