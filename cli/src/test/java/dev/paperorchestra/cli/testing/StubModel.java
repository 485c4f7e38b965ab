package dev.paperorchestra.cli.testing;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.cli.simulate.ScriptedModel;
import dev.paperorchestra.runtime.json.Json;
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

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        String body = model.answer(Json.mapper().readTree(serveEvent.getRequest().getBodyAsString())).toString();
        return ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body).build();
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
