package dev.paperorchestra.content.revision;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The scripted model of {@link RevisionCase}: what a model would answer at each step of {@link ModelRevision}, with
 * two deliberate faults. Points: the eight of the three reviews. Decisions: the citation by title (verified or not
 * by the lookup), the AdaBins comparison from the log, the capacity factor and the learning rate from the materials,
 * the 8-of-16 error corrected from the log, KITTI as new experiments (its reason states an invented number, which
 * must not reach the letter), fonts and the split rebutted. Edits: for the comparison, first a fabricating sentence
 * (12.5% better, in no material) and then the log table with a bar chart of its AbsRel column; for the capacity factor an edit that drops the sentence
 * defining it, which the reviewer's check rates lower, so it must be rolled back. Shared with the cli's stub server
 * (paper-content's test jar).
 */
public final class ScriptedRevisionModel {

    public static final String SWITCH_TITLE =
            "Switch Transformers: Scaling to Trillion Parameter Models with Simple and Efficient Sparsity";
    public static final String FABRICATED = "Our router is 12.5\\% more accurate than AdaBins.";
    private static final Pattern POINT = Pattern.compile("Point (R\\d+\\.\\d+) \\(");
    private static final Pattern CITE = Pattern.compile("Cite the verified work as \\\\cite\\{([^}]+)}");

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    /** Calls answered per step (split, decide, edit, check). */
    public Map<String, Integer> calls() {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        calls.forEach((step, count) -> counts.put(step, count.get()));
        return counts;
    }

    /** The scripted model as a gateway (no HTTP). */
    public LlmGateway gateway() {
        return request -> new LlmResponse(answer(request.system(), request.user()), "scripted", "revision-script", 0,
                0, false);
    }

    /**
     * The JSON answer to one call, by the step its instructions name: in the system prompt as the step wrote it, or
     * at the head of the user prompt's rules as the gateway sends it.
     */
    public String answer(String system, String user) {
        String instructions = system + "\n" + user;
        if (instructions.contains(ModelRevision.SPLIT)) {
            count("split");
            return points();
        }
        String point = matched(POINT, user);
        if (instructions.contains(ModelRevision.DECIDE)) {
            count("decide");
            return decision(point);
        }
        if (instructions.contains(ModelRevision.EDIT)) {
            count("edit");
            return edits(point, user);
        }
        if (instructions.contains(ModelRevision.CHECK)) {
            count("check");
            return check(point, user.substring(user.indexOf("=== section")));
        }
        throw new IllegalArgumentException("no scripted answer for this step");
    }

    private void count(String step) {
        calls.computeIfAbsent(step, s -> new AtomicInteger()).incrementAndGet();
    }

    private static String points() {
        ObjectNode root = Json.mapper().createObjectNode();
        ArrayNode points = root.putArray("points");
        point(points, 1, "The related work omits sparse expert routing, in particular Switch Transformers by Fedus "
                + "et al., which should be cited.", "MISSING_CITATION", "Related Work");
        point(points, 1, "Please compare against AdaBins, a strong baseline on NYU Depth v2.", "MISSING_EXPERIMENT",
                "Experiments");
        point(points, 1, "Is the capacity factor in the Method section defined anywhere? The notation is unclear.",
                "CLARITY", "Method");
        point(points, 2, "The method section states that the router activates 8 of the 16 experts per token, which "
                + "is inconsistent with the efficiency claim.", "FACTUAL_ERROR", "Method");
        point(points, 2, "It would be important to evaluate on the KITTI outdoor driving benchmark as well.",
                "MISSING_EXPERIMENT", "Experiments");
        point(points, 3, "The paper does not state the learning rate used for training.", "MISSING_DETAIL",
                "Experiments");
        point(points, 3, "The fonts in the figures are too small to read.", "PRESENTATION", "");
        point(points, 3, "Which dataset split is used for evaluation?", "QUESTION", "Experiments");
        return root.toString();
    }

    private static void point(ArrayNode points, int review, String quote, String kind, String section) {
        points.addObject().put("review", review).put("quote", quote).put("kind", kind).put("section", section);
    }

    private static String decision(String point) {
        return switch (point) {
            case "R1.1" -> decision("ADD", "the reviewer names a closely related work", SWITCH_TITLE);
            case "R1.2" -> decision("ADD", "the log holds the AdaBins comparison", "",
                    "LOG", "| AdaBins | 0.103 | 0.364 | 78 |");
            case "R1.3" -> decision("REVISE", "the idea defines the capacity factor", "",
                    "IDEA", "The capacity factor bounds how many tokens one expert may process in a batch, so no "
                            + "expert is overloaded.");
            case "R2.1" -> decision("REVISE", "the log says 4 of the 16 experts", "",
                    "LOG", "The router activates 4 of the 16 experts per token.",
                    "PAPER", "The router activates 8 of the 16 experts per token.");
            // the invented number in the reason must not reach the response letter
            case "R2.2" -> decision("NEEDS_NEW_EXPERIMENTS", "we expect an AbsRel near 0.091 on KITTI", "",
                    "PAPER", "We evaluate on NYU Depth v2 with the standard split.");
            case "R3.1" -> decision("REVISE", "the log states the learning rate", "",
                    "LOG", "We train on NYU Depth v2 for 25 epochs with AdamW and a learning rate of 0.0002.");
            case "R3.2" -> decision("REBUT", "the figures are set by the venue's template", "");
            case "R3.3" -> decision("REBUT", "the paper states the split", "",
                    "PAPER", "We evaluate on NYU Depth v2 with the standard split.");
            default -> throw new IllegalArgumentException("no scripted decision for " + point);
        };
    }

    private static String decision(String decision, String reason, String citation, String... evidence) {
        ObjectNode root = Json.mapper().createObjectNode().put("decision", decision).put("reason", reason)
                .put("citation", citation);
        ArrayNode quotes = root.putArray("evidence");
        for (int i = 0; i < evidence.length; i += 2) {
            quotes.addObject().put("source", evidence[i]).put("quote", evidence[i + 1]);
        }
        return root.toString();
    }

    private static String edits(String point, String user) {
        ObjectNode root = Json.mapper().createObjectNode();
        ArrayNode edits = root.putArray("edits");
        switch (point) {
            case "R1.1" -> edit(edits, "Related Work", "", "Sparse expert routing activates only a few experts per "
                    + "token~\\cite{" + matched(CITE, user) + "}.", "");
            case "R1.2" -> {
                edit(edits, "Experiments", "", FABRICATED, "");
                edits.addObject().put("section", "Experiments").put("before", "").put("after", "Table~\\ref{LOG-TABLE} "
                        + "and Figure~\\ref{LOG-FIGURE} compare our router with AdaBins on NYU Depth v2, every value "
                        + "as logged.").put("logTable", "Comparison with AdaBins on NYU Depth v2")
                        .put("logFigure", "Comparison with AdaBins on NYU Depth v2").put("figureColumn", "AbsRel");
            }
            case "R1.3" -> edit(edits, "Method", "Each expert is a two-layer MLP, and the capacity factor limits the "
                    + "tokens an expert receives.", "Each expert is a two-layer MLP.", "");
            case "R2.1" -> edit(edits, "Method", "The router activates 8 of the 16 experts per token.",
                    "The router activates 4 of the 16 experts per token.", "");
            case "R3.1" -> edit(edits, "Experiments", "We evaluate on NYU Depth v2 with the standard split.",
                    "We evaluate on NYU Depth v2 with the standard split. We train for 25 epochs with AdamW and a "
                            + "learning rate of 0.0002.", "");
            default -> {
                // nothing to change
            }
        }
        return root.toString();
    }

    private static void edit(ArrayNode edits, String section, String before, String after, String logTable) {
        edits.addObject().put("section", section).put("before", before).put("after", after)
                .put("logTable", logTable).put("logFigure", "").put("figureColumn", "");
    }

    /** The reviewer's rating: the capacity factor point needs its defining sentence; the others their new text. */
    private static String check(String point, String section) {
        int rating;
        if (point.equals("R1.3")) {
            rating = section.contains("capacity factor limits") ? 6 : 2;
        } else {
            Set<String> markers = switch (point) {
                case "R1.1" -> Set.of("Sparse expert routing");
                case "R1.2" -> Set.of("AdaBins");
                case "R2.1" -> Set.of("4 of the 16");
                case "R3.1" -> Set.of("0.0002");
                default -> Set.of();
            };
            rating = 4 + (markers.stream().anyMatch(section::contains) ? 4 : 0);
        }
        return Json.mapper().createObjectNode().put("rating", rating).put("reason", "scripted").toString();
    }

    private static String matched(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        if (!matcher.find()) {
            throw new IllegalArgumentException("the scripted model expected " + pattern + " in the prompt");
        }
        return matcher.group(1);
    }

    /** The points the script splits the reviews into, by id, with the decisions the revision must answer. */
    public static final List<String> EXPECTED = List.of("R1.1 ADD", "R1.2 ADD", "R1.3 LEFT_TO_AUTHORS", "R2.1 REVISE",
            "R2.2 NEEDS_NEW_EXPERIMENTS", "R3.1 REVISE", "R3.2 REBUT", "R3.3 REBUT");
}
