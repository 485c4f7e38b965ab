package dev.paperorchestra.refine;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Plays the reviser model: for each paper, a script of edits applied in order to the LaTeX the prompt carries,
 * answered in the format the reviser asks for (a JSON worklog block and a LaTeX block). Asked by the section editor
 * for one meta-review point, it answers with one edit appending the scripted sentence to that section. Counts
 * every call, which is what a provider would bill.
 */
public final class ScriptedReviserGateway implements LlmGateway {

    private static final String PAPER_MARKER = "Current version of the paper (LaTeX):\n";
    /** How the section editor names the one section it sends (ModelSectionEditor). */
    private static final java.util.regex.Pattern SECTION_MARKER =
            java.util.regex.Pattern.compile("\nThe section \"([^\"]+)\" \\(LaTeX\\):\n");

    private final Map<String, Deque<UnaryOperator<String>>> scripts = new ConcurrentHashMap<>();
    private final Map<String, Integer> calls = new ConcurrentHashMap<>();

    /** Appends a sentence to the abstract. */
    public static UnaryOperator<String> clarifyAbstract(String sentence) {
        return tex -> tex.replace("\\end{abstract}", sentence + "\n\\end{abstract}");
    }

    /** Uses a command no LaTeX package defines, so the revision cannot compile. */
    public static UnaryOperator<String> breakCompilation() {
        return tex -> tex.replace("\\end{abstract}", "\\end{abstract}\n\\undefinedfixturecommand{x}\n");
    }

    public void script(String paperId, List<UnaryOperator<String>> edits) {
        scripts.put(paperId, new ArrayDeque<>(edits));
    }

    public int calls(String paperId) {
        return calls.getOrDefault(paperId, 0);
    }

    @Override
    public LlmResponse call(LlmRequest request) {
        if (request.role() != LlmRole.PLANNER) {
            throw new AssertionError("refine-agent called role " + request.role());
        }
        calls.merge(request.paperId(), 1, Integer::sum);
        Deque<UnaryOperator<String>> script = scripts.get(request.paperId());
        UnaryOperator<String> edit = script == null ? null : script.poll();
        if (edit == null) {
            throw new AssertionError("no scripted revision left for paper " + request.paperId());
        }
        java.util.regex.Matcher section = SECTION_MARKER.matcher(request.user());
        if (section.find()) {
            // a meta-review point: the edit's text is what the scripted operator appends to an empty abstract
            String sentence = edit.apply("\\end{abstract}").replace("\\end{abstract}", "").strip();
            String answer = "```json\n" + dev.paperorchestra.base.json.Json.mapper().writeValueAsString(
                    java.util.Map.of("edits", List.of(java.util.Map.of("section", section.group(1), "before", "",
                            "after", sentence)))) + "\n```\n";
            return new LlmResponse(answer, "scripted", "reviser-1", 1000, 300, false);
        }
        String tex = request.user().substring(request.user().indexOf(PAPER_MARKER) + PAPER_MARKER.length());
        String answer = "```json\n{\"addressed_weaknesses\": [\"thin ablation\"], \"integrated_answers\": "
                + "[\"how lambda is chosen\"], \"actions_taken\": [\"clarified the abstract\"]}\n```\n```latex\n"
                + edit.apply(tex) + "\n```\n";
        return new LlmResponse(answer, "scripted", "reviser-1", 1000, 900, false);
    }

}
