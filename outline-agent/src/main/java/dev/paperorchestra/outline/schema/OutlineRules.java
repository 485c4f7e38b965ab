package dev.paperorchestra.outline.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Rules of the outline contract beyond what the schema expresses: every citation hint is in one of its two
 * forms, and the section plan covers the abstract, method, experiments and conclusion. Violations read like the
 * schema's, so a model asked to repair its answer can act on them.
 */
final class OutlineRules {

    /**
     * "research paper or technical report introducing '<exact name>'"; the name may hold an apostrophe
     * ("Callaway-Sant'Anna estimator", "Cohen's kappa"): the quotes that count are the first and the last.
     */
    private static final Pattern INTRODUCING = Pattern.compile(
            "^research paper or technical report introducing '(?=[^']).*[^\\s]'$");
    /** "Author (Exact Title)": some author text, then the title in parentheses at the end. */
    private static final Pattern AUTHOR_TITLE = Pattern.compile("^[^()]*\\p{L}[^()]* \\((?=.*\\p{L}).+\\)$");
    /** Each required section and the words its title may use. */
    private static final Map<String, List<String>> REQUIRED_SECTIONS = Map.of(
            "abstract", List.of("abstract"),
            "method", List.of("method", "approach", "model", "framework", "algorithm"),
            "experiments", List.of("experiment", "evaluation", "result"),
            "conclusion", List.of("conclusion", "discussion", "summary"));

    private OutlineRules() {
    }

    static List<String> check(JsonNode outline) {
        List<String> violations = new ArrayList<>();
        JsonNode sections = outline.path("section_plan");
        if (!sections.isArray()) {
            return violations;
        }
        List<String> titles = new ArrayList<>();
        for (int s = 0; s < sections.size(); s++) {
            JsonNode section = sections.get(s);
            titles.add(section.path("section_title").asString("").toLowerCase(Locale.ROOT));
            JsonNode subsections = section.path("subsections");
            for (int u = 0; u < subsections.size(); u++) {
                JsonNode hints = subsections.get(u).path("citation_hints");
                for (int h = 0; h < hints.size(); h++) {
                    String hint = hints.get(h).asString("").strip();
                    if (!hint.isEmpty() && !INTRODUCING.matcher(hint).matches()
                            && !AUTHOR_TITLE.matcher(hint).matches()) {
                        violations.add("section_plan[" + s + "].subsections[" + u + "].citation_hints[" + h
                                + "]: must read \"Author (Exact Title)\" when both are certain, otherwise "
                                + "\"research paper or technical report introducing '<exact name>'\" (found \""
                                + hint + "\")");
                    }
                }
            }
        }
        REQUIRED_SECTIONS.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(required -> {
            boolean covered = titles.stream().anyMatch(title -> required.getValue().stream().anyMatch(title::contains));
            if (!covered) {
                violations.add("section_plan: has no section for the " + required.getKey()
                        + " (the plan covers abstract, method, experiments and conclusion)");
            }
        });
        return violations;
    }
}
