package dev.paperorchestra.refine.loop;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.FencedBlocks;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The section editor through the model gateway (role PLANNER): one request per meta-review point, carrying only
 * the section the point was located in, the point with every reviewer's wording, the panel's disagreements, the
 * citation keys and the experimental log. An unusable answer proposes nothing; it never fails the paper.
 */
public final class ModelSectionEditor implements SectionEditor {

    static final String SYSTEM = """
            You are the corresponding author revising ONE section of a LaTeX paper to answer ONE point of a \
            reviewer panel's meta-review. The review is a guide, the materials are the authority.

            Rules, in order of priority:
            1. Every number, result and experimental setting you write must appear in the experimental log or \
            already in the section. Never state a number the log does not contain; never extrapolate.
            2. Do not describe, invent or promise experiments the log does not contain; no future work.
            3. Do not add statements admitting limitations merely to please the reviewers.
            4. Change only the section you are given. Do not open a new section, appendix or bibliography.
            5. Cite only keys of the citation list you are given. Never add a reference.
            6. Where the panel disagrees on a criterion, do not treat the point as settled by one side.

            Answer with exactly one fenced JSON block and nothing else:
            ```json
            {"edits": [{"section": "<the section's title>",
                        "before": "<a passage of the section, verbatim, that you replace; empty to append>",
                        "after": "<the new passage>"}]}
            ```""";

    private final LlmGateway gateway;
    private final String agent;

    public ModelSectionEditor(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public Proposal propose(Request request) {
        RevisionPlan.Point point = request.point();
        StringBuilder user = new StringBuilder("Meta-review point ").append(point.rank()).append(" (criterion ")
                .append(point.criterion()).append(", raised by ").append(point.raisedBy().size())
                .append(" reviewer(s)): ").append(point.request()).append('\n');
        point.requests().forEach(wording -> user.append("- a reviewer's wording: ").append(wording).append('\n'));
        point.quotes().forEach(quote -> user.append("- about this span: ").append(quote).append('\n'));
        if (!request.disagreements().isEmpty()) {
            user.append("\nThe panel is split on: ").append(request.disagreements().stream()
                    .map(split -> split.criterion() + " (" + scores(split.scores()) + ")")
                    .collect(Collectors.joining("; "))).append('\n');
        }
        user.append("\nThe section \"").append(request.section()).append("\" (LaTeX):\n")
                .append(request.sectionBody());
        // the materials and the keys are the same for every point of the paper: they lead, the point comes last
        Prompt prompt = Prompt.builder()
                .materials(request.materials())
                .literature("Citation keys you may cite:\n" + request.citationKeys())
                .task(user.toString()).build();
        LlmResponse response = gateway.call(new LlmRequest(request.paperId(), agent, LlmRole.PLANNER, SYSTEM,
                prompt, null, List.of()));
        return new Proposal(parse(response.text()), response.provider() + "/" + response.model());
    }

    /** The changes in an answer; anything unreadable is no change. */
    static List<Change> parse(String answer) {
        String block = FencedBlocks.find(answer, "json").orElse(answer.strip());
        List<Change> changes = new ArrayList<>();
        try {
            JsonNode json = Json.mapper().readTree(block);
            for (JsonNode edit : json.path("edits")) {
                String after = edit.path("after").asString("");
                if (!after.isBlank()) {
                    changes.add(new Change(edit.path("section").asString(""), edit.path("before").asString(""),
                            after));
                }
            }
        } catch (JacksonException e) {
            return List.of();
        }
        return changes;
    }

    private static String scores(Map<String, Integer> scores) {
        return scores.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
