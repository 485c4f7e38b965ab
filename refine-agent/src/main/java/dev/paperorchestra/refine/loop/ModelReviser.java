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
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reviser through the model gateway (role PLANNER), with the reviser rules of SPEC.md step 5 in its
 * prompt. The model answers with a JSON block of worklog fields and a LaTeX block with the whole paper (or
 * one JSON object that also carries the LaTeX). The answer is not trusted: the revision checks decide whether
 * the LaTeX may be reviewed, so an unusable answer is rejected like a score decrease, not a failed paper.
 */
public final class ModelReviser implements Reviser {

    static final String SYSTEM = """
            You are the corresponding author revising a LaTeX paper after a simulated peer review. You return \
            the revised paper; the review is a guide, the materials are the authority.

            Rules, in order of priority:
            1. Every number, result and experimental setting in the paper must appear in the experimental log \
            you are given. Never state a number the log does not contain, never round differently, never \
            extrapolate.
            2. When a reviewer asks for new experiments, datasets, baselines or ablations that the log does \
            not contain, do not run, invent or describe them, and do not promise them: no future work, no \
            "we will", no plans. Improve what the paper can say with the evidence it already has.
            3. Do not add statements that admit limitations, shortcomings or missing evaluations, and do not \
            add a limitations section, merely to please the reviewer. Keep such statements the paper already \
            makes as they are.
            4. Answer the reviewer's questions inside the paper (a clearer definition, a justified design \
            choice, a pointer to the table that holds the number), never as a letter to the reviewer.
            5. Keep what the reviewer lists as strengths; do not weaken or remove it.
            6. Cite only keys of the citation list you are given, with \\cite and its variants. Never add a \
            reference, an author name or a publication that is not in that list.
            7. Keep the document compilable: the same preamble and packages, balanced environments, every \
            figure file name and label unchanged. Return the complete document from \\documentclass to \
            \\end{document}, never a fragment or a diff.
            8. The paper stays anonymous: no author names, affiliations or acknowledgements.

            Answer with exactly two fenced blocks and nothing else:
            ```json
            {"addressed_weaknesses": ["<a weakness from the review and how the paper now answers it>"],
             "integrated_answers": ["<a question from the review and where the paper now answers it>"],
             "actions_taken": ["<each edit, naming the section>"]}
            ```
            ```latex
            <the complete revised paper>
            ```""";

    private final LlmGateway gateway;
    private final String agent;

    public ModelReviser(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public Revision revise(RevisionInput input) {
        // the materials and the keys are the same in every iteration: they lead; the review and the version change
        Prompt user = Prompt.builder()
                .materials(new Prompt.Materials(input.idea(), input.experimentalLog()))
                .literature("Citation keys you may cite:\n" + CitationList.describe(input.citationMap()))
                .task("Review of the current version (JSON):\n" + input.reviewJson()
                        + "\n\nCurrent version of the paper (LaTeX):\n" + input.tex()).build();
        LlmResponse response = gateway.call(new LlmRequest(input.paperId(), agent, LlmRole.PLANNER, SYSTEM, user,
                null, List.of()));
        return parse(response.text(), response.provider() + "/" + response.model());
    }

    /** The revision in an answer; missing worklog fields stay empty, a missing paper is left to the checks. */
    static Revision parse(String answer, String generatedBy) {
        Optional<JsonNode> whole = json(answer.strip());
        if (whole.isPresent() && whole.get().has("latex")) {
            JsonNode json = whole.get();
            return new Revision(json.get("latex").asString(), strings(json.get("addressed_weaknesses")),
                    strings(json.get("integrated_answers")), strings(json.get("actions_taken")), generatedBy);
        }
        String tex = FencedBlocks.extract(answer, "latex");
        JsonNode worklog = FencedBlocks.find(answer, "json").flatMap(ModelReviser::json).orElse(null);
        if (worklog == null) {
            return new Revision(tex, List.of(), List.of(), List.of("the reviser's answer carried no worklog fields"),
                    generatedBy);
        }
        return new Revision(tex, strings(worklog.get("addressed_weaknesses")),
                strings(worklog.get("integrated_answers")), strings(worklog.get("actions_taken")), generatedBy);
    }

    private static Optional<JsonNode> json(String text) {
        if (!text.startsWith("{")) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.mapper().readTree(text);
            return node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    private static List<String> strings(@Nullable JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(item -> values.add(item.asString()));
        }
        return values;
    }
}
