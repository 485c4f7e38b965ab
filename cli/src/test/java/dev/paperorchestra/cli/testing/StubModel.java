package dev.paperorchestra.cli.testing;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.cli.simulate.ScriptedModel;
import dev.paperorchestra.runtime.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A scripted model ({@link ScriptedModel}) behind an OpenAI-compatible {@code /v1/chat/completions} on WireMock.
 * The searcher names four of the prepared titles per query, chosen by the query so that different queries find
 * different papers.
 */
public final class StubModel implements ResponseDefinitionTransformerV2 {

    public static final String NAME = "stub-model";

    private final AtomicReference<String> outlineJson = new AtomicReference<>("{}");
    private volatile List<String> titles = List.of();
    private final ScriptedModel model = new ScriptedModel(user -> outlineJson.get(), this::search);
    private volatile boolean defects;

    /**
     * What the model knows for the next paper: the outline the planner answers with (one the schema and the
     * outline rules accept) and the titles of real papers the searcher may name.
     */
    public void prepare(String outline, List<String> paperTitles) {
        outlineJson.set(outline);
        titles = List.copyOf(paperTitles);
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    /** Requests answered, by step: outline, search, draft-literature, critic, write, repair, review, revise. */
    public Map<String, Integer> requests() {
        return model.requests();
    }

    /**
     * From now on the writer's paper carries the defects a careless model leaves (a placeholder title, an empty
     * conclusion, a sentence written twice, a materials file name, a caption that only repeats its label), and
     * every repair answer returns the paper unchanged.
     */
    public void writeWithDefects(boolean defects) {
        this.defects = defects;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        JsonNode request = Json.mapper().readTree(serveEvent.getRequest().getBodyAsString());
        ObjectNode answer = model.answer(request);
        if (defects && ScriptedModel.step(request).equals("write")) {
            ObjectNode message = (ObjectNode) answer.path("choices").get(0).path("message");
            message.put("content", withDefects(message.path("content").asString()));
        }
        String body = answer.toString();
        return ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body).build();
    }

    static String withDefects(String answer) {
        String twice = "The glimpse tokens attend to the image features at every scale of the encoder. ";
        return answer.replaceFirst("\\\\title\\{[^}]*}", "\\\\title{Title}")
                .replaceFirst("(?s)(\\\\section\\{Conclusion})\\n.*?(\\\\bibliographystyle)", "$1\n\n$2")
                .replaceFirst("(\\\\section\\{Method}\\n)", "$1" + twice + twice
                        + "The settings follow experimental\\\\_log.md exactly.\n\n")
                .replaceFirst("(\\\\begin\\{table}\\[t]\\n\\\\centering\\n)\\\\caption\\{[^}]*}",
                        "$1\\\\caption{Table 1: Table 1}");
    }

    private List<ScriptedModel.Paper> search(String user) {
        List<ScriptedModel.Paper> found = new ArrayList<>();
        int start = Math.floorMod(user.hashCode(), titles.size());
        for (int i = 0; i < Math.min(4, titles.size()); i++) {
            found.add(new ScriptedModel.Paper(titles.get((start + i * 7) % titles.size()), "", ""));
        }
        return found;
    }
}
