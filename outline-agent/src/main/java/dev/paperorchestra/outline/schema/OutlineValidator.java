package dev.paperorchestra.outline.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Checks an outline against {@code outline.schema.json} plus the rules a schema cannot express (figure ids
 * unique, never containing the word "figure"; citation hints in one of the contract's two forms; the section
 * plan covering abstract, method, experiments and conclusion). Violations are sentences a person, or a model asked to repair
 * its answer, can act on: {@code plotting_plan[0].aspect_ratio: must be one of 1:1, 1:4, ...}. Thread-safe.
 */
public final class OutlineValidator {

    static final String FIGURE_WORD = "must not contain the word \"figure\"";
    private static final String FIGURE_ID = "figure_id";

    private final Schema schema;
    private final JsonNode schemaNode;

    public OutlineValidator() {
        schemaNode = Json.mapper().readTree(OutlineSchema.text());
        schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaNode);
        // resolve every $ref now, so a broken schema fails the agent at start-up rather than a paper
        schema.initializeValidators();
    }

    /** Violations of the outline given as JSON text; empty when it is valid. */
    public List<String> validate(String json) {
        JsonNode outline;
        try {
            outline = Json.mapper().readTree(json);
        } catch (JacksonException e) {
            return List.of("outline: not valid JSON (" + e.getOriginalMessage() + ")");
        }
        return validate(outline);
    }

    /** Violations of the outline; empty when it is valid. */
    public List<String> validate(JsonNode outline) {
        Set<String> violations = new LinkedHashSet<>();
        for (Error error : schema.validate(outline)) {
            violations.add(describe(error));
        }
        violations.addAll(figureIdViolations(outline));
        violations.addAll(OutlineRules.check(outline));
        return List.copyOf(violations);
    }

    private String describe(Error error) {
        NodePath location = error.getInstanceLocation();
        String at = path(location);
        String keyword = error.getKeyword() == null ? "" : error.getKeyword();
        boolean figureId = at.endsWith("." + FIGURE_ID);
        return switch (keyword) {
            case "required" -> child(at, error.getProperty()) + ": is required";
            case "additionalProperties" -> child(at, error.getProperty()) + ": is not allowed here (allowed: "
                    + String.join(", ", allowedKeys(error)) + ")";
            case "enum" -> at + ": must be one of " + values(error.getSchemaNode()) + found(error.getInstanceNode());
            case "minItems", "maxItems" -> error.getEvaluationPath().toString().contains("anyOf")
                    ? at + ": must be empty or have at least 2 entries (never a lone subsection), found "
                            + error.getInstanceNode().size()
                    : at + ": " + error.getMessage();
            case "minLength" -> at + ": must not be blank";
            case "pattern" -> figureId
                    ? at + ": must be snake_case (lower-case words joined by underscores, e.g. fig_framework_overview)"
                            + found(error.getInstanceNode())
                    : "\\S".equals(error.getSchemaNode().asString()) ? at + ": must not be blank"
                            : at + ": " + error.getMessage();
            case "not" -> figureId ? at + ": " + FIGURE_WORD + found(error.getInstanceNode())
                    : at + ": " + error.getMessage();
            default -> at + ": " + error.getMessage();
        };
    }

    private static List<String> figureIdViolations(JsonNode outline) {
        JsonNode plan = outline.path("plotting_plan");
        if (!plan.isArray()) {
            return List.of();
        }
        List<String> violations = new ArrayList<>();
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < plan.size(); i++) {
            JsonNode id = plan.get(i).path(FIGURE_ID);
            if (!id.isString()) {
                continue;
            }
            String at = "plotting_plan[" + i + "]." + FIGURE_ID;
            if (id.asString().toLowerCase(Locale.ROOT).contains("figure")) {
                violations.add(at + ": " + FIGURE_WORD + found(id));
            }
            Integer first = firstIndex.putIfAbsent(id.asString(), i);
            if (first != null) {
                violations.add(at + ": '" + id.asString() + "' is already used by plotting_plan[" + first
                        + "]; figure ids must be unique");
            }
        }
        return violations;
    }

    /** The keys the failing object may have, read from the schema beside its additionalProperties. */
    private List<String> allowedKeys(Error error) {
        JsonNode node = schemaNode;
        NodePath fragment = error.getSchemaLocation().getFragment();
        for (int i = 0; i < fragment.getNameCount() - 1; i++) {
            Object element = fragment.getElement(i);
            node = element instanceof Integer index ? node.path(index) : node.path(element.toString());
        }
        return node.path("properties").propertyNames().stream().toList();
    }

    /** A JSON pointer location as people write it: {@code plotting_plan[0].aspect_ratio}. */
    static String path(NodePath location) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < location.getNameCount(); i++) {
            Object element = location.getElement(i);
            if (element instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else {
                out.append(out.isEmpty() ? "" : ".").append(element);
            }
        }
        return out.isEmpty() ? "outline" : out.toString();
    }

    private static String child(String at, String property) {
        return "outline".equals(at) ? property : at + "." + property;
    }

    private static String values(JsonNode enumNode) {
        return StreamSupport.stream(enumNode.spliterator(), false).map(JsonNode::asString)
                .collect(Collectors.joining(", "));
    }

    private static String found(JsonNode instance) {
        return instance == null || instance.isMissingNode() ? "" : " (found " + instance + ")";
    }
}
