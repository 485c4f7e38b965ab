package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.integrity.CitationGate;
import dev.paperorchestra.content.integrity.NumericFidelityGate;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The model-backed revision: the model splits the reviews into points, decides each, proposes section edits and
 * rates how well each point is answered; none of it is trusted. Its points must quote the review and name a section
 * of the paper; its evidence must be verbatim in the paper, the log or the idea (a quote that is not is dropped); a
 * citation it asks for is cited only when the {@link CitationLookup} verifies it, and the BibTeX entry is the
 * verifier's, never the model's; an answer to a request for new experiments states no number; a rebuttal's reason
 * stating a number the materials do not hold is not repeated; a log table is set by {@link LogTableLatex}, every
 * cell verbatim; and every edit still passes the {@link EvidenceLock} and the {@link FabricationAudit} in
 * {@link PaperReviser}. Every call goes through the {@link LlmGateway} (schema validation and repair, retries, the
 * one exception taxonomy); an answer that is valid JSON but contradicts the paper or the reviews is refused with a
 * {@link RevisionModelException} naming each problem.
 */
public final class ModelRevision {

    private static final Logger log = LoggerFactory.getLogger(ModelRevision.class);

    /** The agent name in the gateway's accounting. */
    public static final String AGENT = "revision";
    /** Each call's first system line names its step, so a log (or a scripted model) can tell the steps apart. */
    public static final String SPLIT = "[revision:split]";
    public static final String DECIDE = "[revision:decide]";
    public static final String EDIT = "[revision:edit]";
    public static final String CHECK = "[revision:check]";

    static final String POINTS_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["points"],
             "properties":{"points":{"type":"array","items":{"type":"object","additionalProperties":false,
               "required":["review","quote","kind","section"],
               "properties":{"review":{"type":"integer","minimum":1},
                             "quote":{"type":"string","minLength":1},
                             "kind":{"type":"string","enum":["CLARITY","MISSING_DETAIL","MISSING_EXPERIMENT",
                                     "MISSING_CITATION","FACTUAL_ERROR","PRESENTATION","QUESTION"]},
                             "section":{"type":"string"}}}}}}""";
    static final String DECISION_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["decision","reason","evidence","citation"],
             "properties":{"decision":{"type":"string","enum":["REVISE","ADD","REBUT","NEEDS_NEW_EXPERIMENTS",
                             "LEFT_TO_AUTHORS"]},
                           "reason":{"type":"string","minLength":1},
                           "evidence":{"type":"array","items":{"type":"object","additionalProperties":false,
                             "required":["source","quote"],
                             "properties":{"source":{"type":"string","enum":["PAPER","LOG","IDEA"]},
                                           "quote":{"type":"string","minLength":1}}}},
                           "citation":{"type":"string"}}}""";
    static final String EDITS_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["edits"],
             "properties":{"edits":{"type":"array","items":{"type":"object","additionalProperties":false,
               "required":["section","before","after","logTable","logFigure","figureColumn"],
               "properties":{"section":{"type":"string","minLength":1},"before":{"type":"string"},
                             "after":{"type":"string","minLength":1},"logTable":{"type":"string"},
                             "logFigure":{"type":"string"},"figureColumn":{"type":"string"}}}}}}""";
    static final String CHECK_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["rating","reason"],
             "properties":{"rating":{"type":"integer","minimum":0,"maximum":10},"reason":{"type":"string"}}}""";

    private static final String HONEST = "the point asks for an experiment that has not been run; no result is "
            + "stated for it";

    private final LlmGateway gateway;
    private final String paperId;
    private final RevisionMaterials materials;
    private final CitationLookup citations;
    private final FabricationAudit audit;
    private final List<MarkdownTable> logTables;
    private final Map<String, ReviewPoint> points = new LinkedHashMap<>();
    private final Map<String, CitationLookup.VerifiedCitation> verified = new HashMap<>();
    private final Map<String, Integer> ratings = new HashMap<>();

    /**
     * @param citations the verifier a reviewer's suggested work must pass before it is cited (in the CLI, the
     *                  literature agent's, over Semantic Scholar)
     */
    public ModelRevision(LlmGateway gateway, String paperId, RevisionMaterials materials, CitationLookup citations) {
        this.gateway = gateway;
        this.paperId = paperId;
        this.materials = materials;
        this.citations = citations;
        this.audit = new FabricationAudit(materials);
        this.logTables = MarkdownTables.parse(materials.experimentalLog()).stream().filter(MarkdownTable::isNumeric)
                .toList();
    }

    /** The reviser: the model's points, decisions, edits and ratings behind the offline reviser's lock and audit. */
    public PaperReviser reviser() {
        return PaperReviser.offline(materials, "").withPoints(this::split).withDecider(this::decide)
                .withProposer(this::propose).withScore(this::score);
    }

    // ---- points ----

    List<ReviewPoint> split(List<HumanReview> reviews, String tex) {
        List<String> titles = PaperSections.of(tex).stream().map(PaperSections.Section::title).toList();
        StringBuilder user = new StringBuilder("The paper's sections: ").append(titles).append("\n\n");
        for (int i = 0; i < reviews.size(); i++) {
            user.append("=== review ").append(i + 1).append(" (").append(reviews.get(i).reviewer()).append(") ===\n")
                    .append(text(reviews.get(i))).append("\n\n");
        }
        JsonNode answer = ask(LlmRole.PLANNER, SPLIT + " You split peer reviews of a paper into atomic points: one "
                + "request, criticism or question each. Skip summaries, strengths, ratings and confidence. For each "
                + "point give the review's number, the reviewer's words quoted exactly, its kind, and the title of "
                + "the paper's section it concerns exactly as listed (\"\" when none).", user.toString(),
                POINTS_SCHEMA);
        List<String> problems = new ArrayList<>();
        Map<Integer, Integer> numbered = new HashMap<>();
        List<ReviewPoint> split = new ArrayList<>();
        for (JsonNode point : answer.path("points").values()) {
            int review = point.path("review").asInt();
            String quote = point.path("quote").asString().strip();
            String section = point.path("section").asString().strip();
            if (review < 1 || review > reviews.size()) {
                problems.add("a point names review " + review + " of " + reviews.size());
                continue;
            }
            if (!contains(text(reviews.get(review - 1)), quote)) {
                problems.add("the quote \"" + shorten(quote) + "\" is not in review " + review);
            }
            if (!section.isEmpty() && !titles.contains(section)) {
                problems.add("section \"" + section + "\" is not a section of the paper " + titles);
            }
            int number = numbered.merge(review, 1, Integer::sum);
            split.add(new ReviewPoint("R" + review + "." + number, reviews.get(review - 1).reviewer(), quote,
                    PointKind.valueOf(point.path("kind").asString()), section.isEmpty() ? null : section));
        }
        if (!problems.isEmpty()) {
            throw new RevisionModelException("the points", problems);
        }
        split.sort((a, b) -> Integer.compare(reviewOf(a), reviewOf(b)));
        split.forEach(point -> points.put(point.id(), point));
        log.info("paper {}: the model split the reviews into {} points", paperId, split.size());
        return split;
    }

    private static int reviewOf(ReviewPoint point) {
        return Integer.parseInt(point.id().substring(1, point.id().indexOf('.')));
    }

    // ---- decisions ----

    PointDecision decide(ReviewPoint point) {
        // the same paper, log, idea and references for every point: they lead, the point comes last
        Prompt user = Prompt.builder()
                .materials(new Prompt.Materials(orNone(materials.idea()), orNone(materials.experimentalLog())))
                .literature("=== references the paper has ===\n" + references())
                .document("=== the paper ===\n" + materials.tex())
                .task(pointText(point)).build();
        JsonNode answer = ask(LlmRole.PLANNER, DECIDE + " You decide how the authors answer one review point. "
                + "REVISE: the text changes, using only what the paper, the log or the idea say. ADD: an analysis or a "
                + "table from logged numbers, or a citation of the work the reviewer names (give its title in "
                + "\"citation\"; it is cited only if it is verified). REBUT: the paper already answers the point and the "
                + "answer quotes where. NEEDS_NEW_EXPERIMENTS: the point asks for results nobody has measured; say so "
                + "and state no number. LEFT_TO_AUTHORS: nothing in the paper or the materials answers the point and "
                + "the text cannot change for it (a figure to redraw); say so. Quote evidence exactly as it is in its source. Never invent a number.", user,
                DECISION_SCHEMA);
        DecisionKind kind = DecisionKind.valueOf(answer.path("decision").asString());
        String reason = answer.path("reason").asString().strip();
        List<Evidence> evidence = new ArrayList<>();
        for (JsonNode quoted : answer.path("evidence").values()) {
            Evidence.Source source = Evidence.Source.valueOf(quoted.path("source").asString());
            String quote = quoted.path("quote").asString().strip();
            if (contains(sourceText(source), quote)) {
                evidence.add(new Evidence(source, quote));
            } else {
                log.info("paper {}: point {}: a quote the model gave as {} evidence is not in it; dropped", paperId,
                        point.id(), source);
            }
        }
        String citation = answer.path("citation").asString().strip();
        if (kind == DecisionKind.NEEDS_NEW_EXPERIMENTS) {
            // honest by construction: no evidence, no number, whatever the model wrote
            return new PointDecision(point.id(), kind, Numbers.stated(reason).isEmpty() ? reason : HONEST, List.of());
        }
        if (!citation.isEmpty() || kind == DecisionKind.ADD && point.kind() == PointKind.MISSING_CITATION) {
            return cited(point, kind, citation.isEmpty() ? point.quote() : citation, reason, evidence);
        }
        return new PointDecision(point.id(), kind, unsupportedNumbers(reason).isEmpty() ? reason
                : "the answer the model gave stated a number in neither the paper, the log nor the idea, so it is "
                        + "not repeated", evidence);
    }

    private PointDecision cited(ReviewPoint point, DecisionKind kind, String work, String reason,
            List<Evidence> evidence) {
        Optional<CitationLookup.VerifiedCitation> found = citations.find(work);
        if (found.isEmpty()) {
            return new PointDecision(point.id(), DecisionKind.LEFT_TO_AUTHORS, "the work the reviewer names (\""
                    + work + "\") could not be verified, so it is not cited", evidence);
        }
        CitationLookup.VerifiedCitation citation = found.get();
        Evidence entry = new Evidence(Evidence.Source.BIBLIOGRAPHY, citation.entry());
        if (LatexReferences.citeKeys(materials.tex()).contains(citation.key())) {
            List<Evidence> withEntry = new ArrayList<>(evidence);
            withEntry.add(entry);
            return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already cites " + citation.key(),
                    withEntry);
        }
        if (kind != DecisionKind.ADD && kind != DecisionKind.REVISE) {
            return new PointDecision(point.id(), kind, reason, evidence);
        }
        verified.put(point.id(), citation);
        return new PointDecision(point.id(), DecisionKind.ADD, "the named work was verified as " + citation.key()
                + " (" + citation.title() + "), which the paper does not cite yet", List.of(entry));
    }

    // ---- edits ----

    List<Edit> propose(ReviewPoint point, PointDecision decision, String tex) {
        if (point.section() == null) {
            return List.of();
        }
        String body = PaperSections.named(tex, point.section()).map(PaperSections.Section::body).orElse("");
        CitationLookup.VerifiedCitation citation = verified.get(point.id());
        StringBuilder user = new StringBuilder(pointText(point)).append("\nDecision: ").append(decision.decision())
                .append(" because ").append(decision.reason()).append("\nEvidence:\n");
        decision.evidence().forEach(evidence -> user.append("- ").append(evidence.source()).append(": ")
                .append(evidence.quote()).append('\n'));
        if (citation != null) {
            user.append("Cite the verified work as \\cite{").append(citation.key()).append("}.\n");
        }
        if (!logTables.isEmpty()) {
            user.append("Tables of the experimental log you may add by caption (\"logTable\"; it is set from the "
                    + "log verbatim; \\ref{LOG-TABLE} refers to it), or draw as a bar chart of one column "
                    + "(\"logFigure\" and \"figureColumn\"; \\ref{LOG-FIGURE}): ")
                    .append(logTables.stream().map(table -> table.caption() + " " + table.header()).toList())
                    .append('\n');
        }
        user.append("\n=== section \"").append(point.section()).append("\" as it stands ===\n").append(body);
        JsonNode answer = ask(LlmRole.PLANNER, EDIT + " You revise one section of a paper to answer one review "
                + "point. Each edit replaces a passage of the section (\"before\", copied exactly, \"\" to add at "
                + "its end) with new LaTeX (\"after\"). Change nothing else, open no section, and state no number "
                + "that is not in the evidence.", user.toString(), EDITS_SCHEMA);
        List<Edit> edits = new ArrayList<>();
        int n = 0;
        for (JsonNode proposed : answer.path("edits").values()) {
            n++;
            List<Evidence> evidence = new ArrayList<>(decision.evidence());
            String after = proposed.path("after").asString().strip();
            String caption = proposed.path("logTable").asString().strip();
            if (!caption.isEmpty()) {
                Optional<MarkdownTable> table = logTables.stream().filter(t -> same(t.caption(), caption))
                        .findFirst();
                if (table.isPresent()) {
                    String label = "tab:revision-" + point.id().toLowerCase(Locale.ROOT).replace('.', '-')
                            + (n > 1 ? "-" + n : "");
                    after = after.replace("\\ref{LOG-TABLE}", "\\ref{" + label + "}") + "\n\n"
                            + LogTableLatex.latex(table.get(), label);
                    evidence.add(new Evidence(Evidence.Source.LOG, LogTableLatex.markdown(table.get())));
                } else {
                    log.info("paper {}: point {}: the model named a log table \"{}\" the log does not have", paperId,
                            point.id(), shorten(caption));
                }
            }
            String figure = proposed.path("logFigure").asString().strip();
            if (!figure.isEmpty()) {
                String label = "fig:revision-" + point.id().toLowerCase(Locale.ROOT).replace('.', '-')
                        + (n > 1 ? "-" + n : "");
                Optional<MarkdownTable> table = logTables.stream().filter(t -> same(t.caption(), figure))
                        .findFirst();
                Optional<String> drawn = table.flatMap(t -> LogFigureLatex.bars(t,
                        proposed.path("figureColumn").asString(), label));
                if (drawn.isPresent()) {
                    after = after.replace("\\ref{LOG-FIGURE}", "\\ref{" + label + "}") + "\n\n" + drawn.get();
                    evidence.add(new Evidence(Evidence.Source.LOG, LogTableLatex.markdown(table.get())));
                } else {
                    log.info("paper {}: point {}: the model asked for a figure of a log table or column the log "
                            + "does not have", paperId, point.id());
                }
            }
            String bibEntry = citation != null && citation.newEntry()
                    && LatexReferences.citeKeys(after).contains(citation.key()) ? citation.entry() : "";
            edits.add(new Edit(point.id(), proposed.path("section").asString().strip(),
                    proposed.path("before").asString(), after, evidence, bibEntry));
        }
        return edits;
    }

    // ---- re-score ----

    /**
     * The points' own check: for each point with an edit, the model rates 0 to 10 how well its section as it stands
     * answers it (asked once per version of the section); less the citation-gate and numeric-fidelity findings of
     * the version, as offline.
     */
    double score(String tex, List<Edit> edits) {
        double total = 0;
        for (String pointId : edits.stream().map(Edit::pointId).distinct().toList()) {
            ReviewPoint point = points.get(pointId);
            if (point == null || point.section() == null) {
                continue;
            }
            String body = PaperSections.named(tex, point.section()).map(PaperSections.Section::body).orElse("");
            total += ratings.computeIfAbsent(pointId + "\n" + body, key -> rate(point, body)) / 10.0;
        }
        String bibliography = materials.bibliography() + "\n" + edits.stream().map(Edit::bibEntry)
                .collect(Collectors.joining("\n"));
        int findings = CitationGate.check(tex, bibliography, List.of()).findings().size()
                + NumericFidelityGate.check(tex, materials.experimentalLog(), materials.idea()).findings().size();
        return total - findings;
    }

    private int rate(ReviewPoint point, String body) {
        JsonNode answer = ask(LlmRole.REVIEWER, CHECK + " You are the reviewer who raised this point. Rate from 0 "
                + "(not answered at all) to 10 (fully answered) how well the section as it stands answers it.",
                pointText(point) + "\n\n=== section \"" + point.section() + "\" ===\n" + body, CHECK_SCHEMA);
        return answer.path("rating").asInt();
    }

    // ---- helpers ----

    private JsonNode ask(LlmRole role, String system, String user, String schema) {
        return ask(role, system, Prompt.of(user), schema);
    }

    private JsonNode ask(LlmRole role, String system, Prompt user, String schema) {
        return Json.mapper().readTree(gateway.call(new LlmRequest(paperId, AGENT, role, system, user, schema,
                List.of(), 0.0)).text());
    }

    private static String pointText(ReviewPoint point) {
        return "Point " + point.id() + " (" + point.kind() + ", section \"" + (point.section() == null ? ""
                : point.section()) + "\") from " + point.reviewer() + ":\n" + point.quote();
    }

    private String references() {
        return BibEntries.of(materials.bibliography()).stream().map(entry -> entry.key() + ": " + entry.title())
                .collect(Collectors.joining("\n"));
    }

    private String sourceText(Evidence.Source source) {
        return switch (source) {
            case PAPER -> materials.tex();
            case LOG -> materials.experimentalLog();
            case IDEA -> materials.idea();
            case BIBLIOGRAPHY -> materials.bibliography();
        };
    }

    private List<String> unsupportedNumbers(String text) {
        return audit.findings(new Edit("", "", "", text, List.of(), ""));
    }

    private static String text(HumanReview review) {
        return review.parts().stream().map(part -> (part.heading().isEmpty() ? "" : part.heading() + ":\n")
                + part.text()).collect(Collectors.joining("\n\n"));
    }

    private static String orNone(String text) {
        return text.isBlank() ? "(not given)" : text;
    }

    /** Whether the quote is in the text, spacing, case and Markdown list marks aside. */
    static boolean contains(String text, String quote) {
        String wanted = flat(quote);
        return !wanted.isEmpty() && flat(text).contains(wanted);
    }

    private static String flat(String text) {
        return text.replaceAll("(?m)^\\s*(?:[-*+]|\\d+[.)])\\s+", " ").replaceAll("\\s+", " ").strip()
                .toLowerCase(Locale.ROOT);
    }

    private static boolean same(String a, String b) {
        return flat(a).equals(flat(b));
    }

    private static String shorten(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
