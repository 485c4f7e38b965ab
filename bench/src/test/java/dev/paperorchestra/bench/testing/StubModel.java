package dev.paperorchestra.bench.testing;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.bench.simulate.ScriptedModel;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.writer.repair.OfflineTightener;
import dev.paperorchestra.writer.repair.Problem;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
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
    private static final List<Integer> OVERALL_SCORES = List.of(4, 6, 5);
    private final AtomicInteger reviews = new AtomicInteger();
    private final AtomicInteger revisions = new AtomicInteger();

    /**
     * What the model knows for the next paper: the outline the planner answers with (one the schema and the
     * outline rules accept) and the titles of real papers the searcher may name.
     */
    public void prepare(String outline, List<String> paperTitles) {
        outlineJson.set(outline);
        reviews.set(0);
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
        String step = ScriptedModel.step(request);
        ObjectNode message = (ObjectNode) answer.path("choices").get(0).path("message");
        if (defects && step.equals("write")) {
            message.put("content", withDefects(message.path("content").asString()));
        }
        if (step.equals("revise")) {
            // each revision differs from the last (as a real one does), so no review is answered from the cache
            message.put("content", message.path("content").asString().replace("\\end{document}",
                    "% revision " + revisions.incrementAndGet() + "\n\\end{document}"));
        }
        if (step.equals("repair") && ScriptedModel.text(request, "user").contains("Shorten the main text")) {
            // asked to fit the page limit, it moves every secondary table into an appendix, as the guidelines allow
            String shorter = message.path("content").asString().replaceAll("(?s)^```latex\n|\n```$", "");
            OfflineTightener tightener = new OfflineTightener();
            for (var moved = tightener.revise("stub", Problem.PAGES, shorter, ""); moved.isPresent();
                    moved = tightener.revise("stub", Problem.PAGES, shorter, "")) {
                shorter = moved.get();
            }
            message.put("content", "```latex\n" + shorter + "\n```");
        }
        if (step.equals("review")) {
            message.put("content", varied(message.path("content").asString(),
                    request.path("response_format").path("json_schema").path("schema"),
                    ScriptedModel.text(request, "user")));
        }
        String body = answer.toString();
        return ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body).build();
    }

    /**
     * A review whose overall score follows {@link #OVERALL_SCORES} (one per review since the last
     * {@link #prepare}), with the decision its schema ties to that score: the draft 4, the first revision 6 (kept),
     * the second 5 (reverted), so the acceptance rule takes both branches. A long draft is read in page chunks, one
     * request each and one after another: every chunk of a reading gets that reading's score.
     */
    private String varied(String review, JsonNode schema, String user) {
        ObjectNode json = (ObjectNode) Json.mapper().readTree(review);
        boolean laterChunk = user.contains("--- page ") && !user.contains("--- page 1 ---");
        int reading = laterChunk ? Math.max(0, reviews.get() - 1) : reviews.getAndIncrement();
        int overall = OVERALL_SCORES.get(Math.min(reading, OVERALL_SCORES.size() - 1));
        json.put("Overall", overall);
        int acceptFrom = schema.path("if").path("properties").path("Overall").path("minimum").asInt(5);
        json.put("Decision", overall >= acceptFrom ? "Accept" : "Reject");
        return json.toString();
    }

    static String withDefects(String answer) {
        String twice = "The glimpse tokens attend to the image features at every scale of the encoder. ";
        return answer.replaceFirst("\\\\title\\{[^}]*}", "\\\\title{Title}")
                .replaceFirst("(?s)(\\\\section\\{Conclusion})\\n.*?(\\{\\\\small|\\\\bibliographystyle)", "$1\n\n$2")
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
