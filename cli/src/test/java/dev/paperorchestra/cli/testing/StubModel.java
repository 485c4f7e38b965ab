package dev.paperorchestra.cli.testing;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.runtime.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scripted model behind an OpenAI-compatible {@code /v1/chat/completions}: it recognises which step is
 * asking (by the JSON Schema or the prompt) and answers the way a careful model would, from what the request
 * itself contains (the outline it is given, the keys it may cite, the paper it must complete). Nothing is
 * invented: it cites only listed keys and writes no number. It counts the requests per step.
 */
public final class StubModel implements ResponseDefinitionTransformerV2 {

    public static final String NAME = "stub-model";

    private static final Pattern POOL_LINE = Pattern.compile("(?m)^([A-Za-z][\\w:-]*) \\| \\d+ \\|");
    private static final Pattern FIGURE_LINE = Pattern.compile("(?m)^- figures/(\\S+) \\(id ([\\w-]+)");

    private final java.util.concurrent.atomic.AtomicReference<String> outlineJson =
            new java.util.concurrent.atomic.AtomicReference<>("{}");
    private volatile List<String> titles = List.of();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

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
        Map<String, Integer> counts = new java.util.TreeMap<>();
        requests.forEach((step, count) -> counts.put(step, count.get()));
        return counts;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        JsonNode request = Json.mapper().readTree(serveEvent.getRequest().getBodyAsString());
        String system = text(request, "system");
        String user = text(request, "user");
        JsonNode schema = request.path("response_format").path("json_schema").path("schema");
        String step = step(system, user, schema);
        requests.computeIfAbsent(step, s -> new AtomicInteger()).incrementAndGet();
        String answer = switch (step) {
            case "outline" -> outlineJson.get();
            case "search" -> search(user);
            case "draft-literature" -> draftLiterature(user);
            case "write" -> write(user);
            case "revise" -> revise(user);
            case "repair" -> "```latex\n" + lastLatexBlock(user) + "\n```";
            default -> SchemaInstances.of(schema).toString();
        };
        return json(completion(request.path("model").asString(), answer,
                system.length() + user.length()));
    }

    private static String step(String system, String user, JsonNode schema) {
        JsonNode properties = schema.path("properties");
        if (properties.has("plotting_plan")) {
            return "outline";
        }
        if (properties.has("candidates")) {
            return "search";
        }
        if (properties.has("introduction")) {
            return "draft-literature";
        }
        if (properties.has("approved")) {
            return "critic";
        }
        if (!schema.isMissingNode() && !schema.isEmpty()) {
            return "review";
        }
        if (user.contains("## The paper so far")) {
            return "write";
        }
        if (user.contains("Current version of the paper (LaTeX):")) {
            return "revise";
        }
        return "repair";
    }

    /** Four titles per query, chosen by the query so that different queries find different papers. */
    private String search(String user) {
        ObjectNode answer = Json.mapper().createObjectNode();
        var candidates = answer.putArray("candidates");
        int start = Math.floorMod(user.hashCode(), titles.size());
        for (int i = 0; i < Math.min(4, titles.size()); i++) {
            candidates.addObject().put("title", titles.get((start + i * 7) % titles.size()))
                    .put("relevance", "named in the materials' setting");
        }
        return answer.toString();
    }

    /** Every listed key, each in a sentence of its own, half in each section. */
    private static String draftLiterature(String user) {
        List<String> keys = new ArrayList<>();
        Matcher matcher = POOL_LINE.matcher(user);
        while (matcher.find()) {
            keys.add(matcher.group(1));
        }
        StringBuilder introduction = new StringBuilder();
        StringBuilder related = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            StringBuilder target = i % 2 == 0 ? introduction : related;
            target.append("The study in \\cite{").append(keys.get(i))
                    .append("} shaped how this problem is framed and evaluated in the setting we address. ");
        }
        return Json.mapper().createObjectNode().put("introduction", introduction.toString().strip())
                .put("relatedWork", related.toString().strip()).toString();
    }

    /** The paper it is given, with every empty section written and every figure placed and referenced. */
    private static String write(String user) {
        String paper = lastLatexBlock(user);
        List<String[]> figures = new ArrayList<>();
        Matcher matcher = FIGURE_LINE.matcher(user);
        while (matcher.find()) {
            figures.add(new String[] {matcher.group(1), matcher.group(2)});
        }
        StringBuilder floats = new StringBuilder();
        for (String[] figure : figures) {
            floats.append("Figure~\\ref{fig:").append(figure[1]).append("} summarises the logged results.\n")
                    .append("\\begin{figure}[t]\n\\centering\n\\includegraphics[width=\\linewidth]{figures/")
                    .append(figure[0]).append("}\n\\caption{Logged results.}\n\\label{fig:").append(figure[1])
                    .append("}\n\\end{figure}\n\n");
        }
        return "```latex\n" + PaperSections.fillEmpty(paper, floats.toString()) + "\n```";
    }

    private static String revise(String user) {
        String paper = user.substring(user.indexOf("Current version of the paper (LaTeX):")
                + "Current version of the paper (LaTeX):".length()).strip();
        return "```json\n{\"addressed_weaknesses\": [], \"integrated_answers\": [], "
                + "\"actions_taken\": [\"kept the paper as it is\"]}\n```\n```latex\n" + paper + "\n```";
    }

    private static String lastLatexBlock(String text) {
        int start = text.lastIndexOf("```latex\n");
        if (start < 0) {
            return text;
        }
        int end = text.indexOf("\n```", start + 9);
        return end < 0 ? text.substring(start + 9) : text.substring(start + 9, end);
    }

    private static String text(JsonNode request, String role) {
        StringBuilder text = new StringBuilder();
        for (JsonNode message : request.path("messages").values()) {
            if (message.path("role").asString().equals(role)) {
                JsonNode content = message.path("content");
                if (content.isString()) {
                    text.append(content.asString());
                } else {
                    content.values().forEach(part -> text.append(part.path("text").asString("")));
                }
                if (role.equals("user")) {
                    break;
                }
            }
        }
        return text.toString();
    }

    private static ObjectNode completion(String model, String answer, int promptChars) {
        ObjectNode body = Json.mapper().createObjectNode().put("id", "chatcmpl-stub").put("object", "chat.completion")
                .put("created", 1_700_000_000).put("model", model);
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", answer);
        body.putObject("usage").put("prompt_tokens", promptChars / 4).put("completion_tokens", answer.length() / 4)
                .put("total_tokens", promptChars / 4 + answer.length() / 4);
        return body;
    }

    private static ResponseDefinition json(Object body) {
        return com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body.toString()).build();
    }
}
