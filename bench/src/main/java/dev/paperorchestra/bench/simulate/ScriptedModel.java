package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answers of a careful model to every agent's request, for an OpenAI-compatible chat completion: it
 * recognises which step is asking (by the JSON Schema or the prompt) and answers from what the request itself
 * contains (the outline it is given, the keys it may cite, the paper it must complete). Nothing is invented: it
 * cites only listed keys and writes only the numbers of the materials it is given. Used by the load simulation's model server and by the tests'
 * stub model.
 */
public final class ScriptedModel {

    private static final String CRITIQUE_ROUND = "Review round: ";
    private static final String FIGURE_TITLE = "Figure title: ";

    /**
     * Sends back about half of the figures on first sight (which half follows from the figure's title) and approves
     * every revision: one or two critique rounds per figure, as the tests' stub model and {@code po stubs} answer.
     */
    public static final Critic LENIENT_CRITIC = title -> Math.floorMod(title.hashCode(), 2) == 0 ? 2 : 1;

    /**
     * Sends back every figure on first sight and three in four again after the first revision: two or three of the
     * reference method's at most three critique rounds per figure, so plotting costs the load simulation's papers
     * what it cost the reference (20-30 calls a paper).
     */
    public static final Critic DEMANDING_CRITIC = title -> Math.floorMod(title.hashCode(), 4) == 0 ? 2 : 3;

    private final Function<String, String> outlines;
    private final Function<String, List<Paper>> searchResults;
    private final Critic critic;
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    /** How demanding the scripted critic is. */
    @FunctionalInterface
    public interface Critic {

        /** The review round (from 1) in which the critic approves the figure with this title. */
        int approvingRound(String figureTitle);
    }

    /** A paper the searcher may name, with the identifiers a well-informed model gives. */
    public record Paper(String title, String doi, String arxivId) {
    }

    /** A scripted model whose critic is the {@link #LENIENT_CRITIC}. */
    public ScriptedModel(Function<String, String> outlines, Function<String, List<Paper>> searchResults) {
        this(outlines, searchResults, LENIENT_CRITIC);
    }

    /**
     * @param outlines      the planner's outline for an outline request, given the request's user prompt
     * @param searchResults the papers a searcher names for a search request, given its user prompt
     * @param critic        how many rounds the critic takes to approve each figure
     */
    public ScriptedModel(Function<String, String> outlines, Function<String, List<Paper>> searchResults,
            Critic critic) {
        this.outlines = outlines;
        this.searchResults = searchResults;
        this.critic = critic;
    }

    /**
     * Requests answered, by step: outline, search, draft-literature, chart-spec, critic, write, repair, review,
     * revise.
     */
    public Map<String, Integer> requests() {
        Map<String, Integer> counts = new TreeMap<>();
        requests.forEach((step, count) -> counts.put(step, count.get()));
        return counts;
    }

    /** The step a chat-completion request body asks for. */
    public static String step(JsonNode request) {
        return step(text(request, "user"), request.path("response_format").path("json_schema").path("schema"));
    }

    /** The chat-completion answer body to a request body. */
    public ObjectNode answer(JsonNode request) {
        String system = text(request, "system");
        String user = text(request, "user");
        JsonNode schema = request.path("response_format").path("json_schema").path("schema");
        String step = step(user, schema);
        requests.computeIfAbsent(step, s -> new AtomicInteger()).incrementAndGet();
        String answer = switch (step) {
            case "outline" -> outlines.apply(user);
            case "search" -> search(user);
            case "draft-literature" -> draftLiterature(user);
            case "write" -> write(user);
            case "revise" -> revise(user);
            case "repair" -> "```latex\n" + lastLatexBlock(user) + "\n```";
            case "chart-spec" -> chartSpec(user);
            case "review" -> review(schema, user);
            case "critic" -> critique(user);
            default -> SchemaInstances.of(schema).toString();
        };
        return completion(request.path("model").asString(), answer, system.length() + user.length());
    }

    private static String step(String user, JsonNode schema) {
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
        if (properties.has("series") && properties.has("purpose")) {
            return "chart-spec";
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

    private String search(String user) {
        ObjectNode answer = Json.mapper().createObjectNode();
        ArrayNode candidates = answer.putArray("candidates");
        for (Paper paper : searchResults.apply(user)) {
            ObjectNode candidate = candidates.addObject().put("title", paper.title())
                    .put("relevance", "named in the materials' setting");
            if (!paper.doi().isEmpty()) {
                candidate.put("doi", paper.doi());
            }
            if (!paper.arxivId().isEmpty()) {
                candidate.put("arxivId", paper.arxivId());
            }
        }
        return answer.toString();
    }

    /** Every listed key, each in a sentence of its own, half in each section. */
    private static String draftLiterature(String user) {
        List<String> keys = user.lines().map(ScriptedModel::poolKey).flatMap(Optional::stream).toList();
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

    /** The key of a pool line of the drafting request ("smith2020 | 2020 | Title ..."). */
    static Optional<String> poolKey(String line) {
        int bar = line.indexOf(" | ");
        if (bar < 1 || !Character.isLetter(line.charAt(0))) {
            return Optional.empty();
        }
        String key = line.substring(0, bar);
        int yearEnd = line.indexOf(" |", bar + 3);
        String year = yearEnd < 0 ? "" : line.substring(bar + 3, yearEnd);
        boolean keyChars = key.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '-');
        boolean digits = !year.isEmpty() && year.chars().allMatch(Character::isDigit);
        return keyChars && digits ? Optional.of(key) : Optional.empty();
    }

    /** The paper it is given, completed from the materials in the request ({@link ScriptedPaper}). */
    private static String write(String user) {
        return "```latex\n" + ScriptedPaper.write(user, lastLatexBlock(user)) + "\n```";
    }

    /**
     * A bar chart of the first quantity column of the listed table ("### Tn: ...", "Row labels: ...", "Quantity
     * columns: ...", then the table) whose caption shares most words with the figure's title and objective, every
     * value copied from its cell: a different table for each planned figure, as a model reading the plan would
     * choose, so no two charts draw the same cells.
     */
    private static String chartSpec(String user) {
        List<String> lines = user.lines().toList();
        Set<String> wanted = words(lines.stream()
                .filter(line -> line.startsWith("Title: ") || line.startsWith("Objective: "))
                .collect(Collectors.joining(" ")));
        int start = -1;
        long best = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (isTableHeading(lines.get(i))) {
                long shared = words(lines.get(i).substring(lines.get(i).indexOf(':') + 1)).stream()
                        .filter(wanted::contains).count();
                if (shared > best) {
                    best = shared;
                    start = i;
                }
            }
        }
        String table = lines.get(start).substring(4, lines.get(start).indexOf(':'));
        List<String> rows = List.of(lines.get(start + 1).substring("Row labels: ".length()).split(" \\| "));
        String column = lines.get(start + 2).substring("Quantity columns: ".length()).split(" \\| ")[0];
        // the listed table, header and delimiter rows first, read as Markdown
        MarkdownTable listed = MarkdownTables.parse(String.join("\n", lines.subList(start + 3,
                Math.min(lines.size(), start + 5 + rows.size())))).getFirst();
        List<String> header = listed.header();
        int index = 1;
        while (index < header.size() - 1 && !header.get(index).contains(column)) {
            index++;
        }
        ObjectNode spec = Json.mapper().createObjectNode().put("kind", "bar").put("table", table);
        ArrayNode rowArray = spec.putArray("rows");
        rows.forEach(rowArray::add);
        spec.put("x_column", "");
        ObjectNode series = spec.putArray("series").addObject().put("column", column);
        ArrayNode values = series.putArray("values");
        for (int row = 0; row < rows.size(); row++) {
            String cell = listed.rows().get(row).get(index);
            values.add(NumericCell.parse(cell).map(NumericCell::value).orElse(0.0));
        }
        return spec.put("value_axis_label", "").put("log_scale", false).put("order", "table").put("highlight", "")
                .put("legend", "none").put("caption", "").put("purpose", "compares the rows at a glance").toString();
    }

    /**
     * A critique that finds something to change until the round the {@link Critic} approves the figure in: the
     * critique loop then runs a few rounds per figure, as with a careful model, rather than always falling back
     * or always approving.
     */
    private String critique(String user) {
        Optional<String> round = lineAfter(user, CRITIQUE_ROUND);
        Optional<String> title = lineAfter(user, FIGURE_TITLE);
        int reviewRound = round.map(ScriptedModel::leadingNumber).orElse(1);
        boolean findsIssue = title.isPresent() && reviewRound < critic.approvingRound(title.get());
        ObjectNode answer = Json.mapper().createObjectNode().put("approved", !findsIssue);
        ArrayNode issues = answer.putArray("issues");
        if (findsIssue) {
            issues.add("the value axis has no label: name the plotted quantity and its unit");
        }
        return answer.toString();
    }

    /**
     * A plain review whose decision agrees with its overall score, as the reviewer's schema requires. The OpenAI
     * dialect the request carries has no {@code if}/{@code then}, so the tie is not visible here; a score of 5 is
     * avoided because the two review formats accept from 5 and from 6.
     */
    private static String review(JsonNode schema, String user) {
        JsonNode instance = SchemaInstances.of(schema);
        if (instance instanceof ObjectNode review && review.has("Overall") && review.has("Decision")) {
            int overall = review.path("Overall").asInt();
            if (overall == 5) {
                overall = 4;
                review.put("Overall", overall);
            }
            review.put("Decision", overall >= 6 ? "Accept" : "Reject");
        }
        if (instance instanceof ObjectNode review && review.path("Rubric") instanceof ObjectNode rubric) {
            quoteThePaper(rubric, user);
        }
        return instance.toString();
    }

    /**
     * Rubric evidence as a careful reviewer gives it: a span quoted word for word from the paper (the first
     * sentence of its body), page unknown (the scripted model sees no pages), and no revision points.
     */
    private static void quoteThePaper(ObjectNode rubric, String user) {
        String quote = firstSentence(user);
        for (JsonNode criterion : rubric.values()) {
            if (criterion instanceof ObjectNode entry) {
                entry.putArray("Evidence").addObject().put("Quote", quote).putNull("Page");
                entry.putArray("Points");
            }
        }
    }

    /** The first eight words of the first plain-text line of the paper's body, else a fixed phrase. */
    static String firstSentence(String user) {
        int body = user.indexOf("\\begin{document}");
        String text = body < 0 ? user : user.substring(body);
        for (String line : text.lines().toList()) {
            String plain = line.strip();
            if (plain.isEmpty() || plain.startsWith("\\") || plain.startsWith("%")) {
                continue;
            }
            List<String> words = List.of(plain.split("\\s+"));
            if (words.size() >= 6 && plain.chars().noneMatch(c -> c == '\\' || c == '$' || c == '{')) {
                return String.join(" ", words.subList(0, Math.min(8, words.size())));
            }
        }
        return "the paper states its method";
    }

    /** Words of at least three letters and digits, lower case, starting with a letter. */
    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        for (String word : Prose.normalised(text).split(" ")) {
            if (word.length() >= 3 && Character.isLetter(word.charAt(0))) {
                words.add(word);
            }
        }
        return words;
    }

    /** "### T3: caption": a table heading of the chart request. */
    private static boolean isTableHeading(String line) {
        int colon = line.indexOf(": ");
        return line.startsWith("### T") && colon > 5 && line.substring(5, colon).chars().allMatch(Character::isDigit);
    }

    /** The rest of the first line of the text that starts with {@code label}. */
    private static Optional<String> lineAfter(String text, String label) {
        return text.lines().filter(line -> line.startsWith(label)).findFirst()
                .map(line -> line.substring(label.length()));
    }

    private static int leadingNumber(String text) {
        int end = 0;
        while (end < text.length() && end < 9 && Character.isDigit(text.charAt(end))) {
            end++;
        }
        return end == 0 ? 1 : Integer.parseInt(text.substring(0, end));
    }

    private static String revise(String user) {
        String marker = "Current version of the paper (LaTeX):";
        String paper = user.substring(user.indexOf(marker) + marker.length()).strip();
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

    /** The text of the request's system messages, or of its first user message. */
    public static String text(JsonNode request, String role) {
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
        ObjectNode body = Json.mapper().createObjectNode().put("id", "chatcmpl-scripted")
                .put("object", "chat.completion").put("created", 1_700_000_000).put("model", model);
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", answer);
        body.putObject("usage").put("prompt_tokens", promptChars / 4).put("completion_tokens", answer.length() / 4)
                .put("total_tokens", promptChars / 4 + answer.length() / 4);
        return body;
    }
}
