package dev.paperorchestra.model.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.paperorchestra.model.finding.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * summary.json, the document every paper's run ends with (docs/outputs.md describes each field): what a user
 * needs to trust and debug the run. The refine agent writes it; the approval gate rewrites it with a late
 * decision; the cli, the bench, the paper service and its console read it. Everyone reads and writes it through
 * this type, so a field has one name and one meaning.
 *
 * <p>Compatibility: {@link #schemaVersion} is {@value #SCHEMA_VERSION}. Adding a field keeps the version, and
 * readers ignore fields they do not know, so an older reader reads a newer file of the same version. Renaming,
 * removing or changing the meaning of a field raises the version; a reader refuses a version above its own with
 * a message that says so. A file without {@code schemaVersion} (written before it existed) is version 1.
 *
 * @param schemaVersion   the version of this layout
 * @param mode            {@code offline} or {@code model}
 * @param label           the offline mode's label, printed in every offline output; absent in model mode
 * @param paperId         the paper
 * @param cutoff          the research cutoff verification applied and who set it
 * @param stages          wall time of every stage, in order, approval waits included
 * @param approvals       every decision taken at an approval gate
 * @param llm             model calls, tokens and estimated cost over every agent (zero offline)
 * @param scholarRequests Semantic Scholar requests made (replay lookups are counted apart under {@code scholar})
 * @param literature      literature counts
 * @param scholar         where citations were verified and how many lookups it took
 * @param figures         figures in the final paper.tex
 * @param tables          tables in the final paper.tex
 * @param citedKeys       distinct citation keys in the final paper.tex
 * @param compile         the kept version's compile outcome
 * @param refinement      the refinement loop: iterations, decisions, the kept version
 * @param writerGates     the writer's integrity gates on its draft; absent when the draft did not record them
 * @param checks          consistency checks on the final paper
 * @param fonts           the fonts of the final PDF; absent without a PDF
 * @param traceId         the paper's trace, to find the run in a tracing backend; absent without tracing
 */
public record RunSummary(int schemaVersion, String mode, @JsonInclude(Include.NON_NULL) @Nullable String label,
        String paperId, Cutoff cutoff, List<Stage> stages, List<Approval> approvals, Usage llm, int scholarRequests,
        Literature literature, Scholar scholar, int figures, int tables, int citedKeys, Compile compile,
        Refinement refinement, @JsonInclude(Include.NON_NULL) @Nullable WriterGates writerGates, List<Check> checks,
        @JsonInclude(Include.NON_NULL) @Nullable Fonts fonts,
        @JsonInclude(Include.NON_NULL) @Nullable String traceId) {

    /** The layout this code writes, and the highest it reads. */
    public static final int SCHEMA_VERSION = 1;

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            // the order of the fields is the record's, as people read the file top to bottom
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            // forward compatibility: a field added by a newer writer of the same version is skipped
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    public RunSummary {
        Objects.requireNonNull(mode, "the summary lacks its mode");
        Objects.requireNonNull(paperId, "the summary lacks its paperId");
        cutoff = Objects.requireNonNullElse(cutoff, Cutoff.NONE);
        stages = copy(stages);
        approvals = copy(approvals);
        llm = Objects.requireNonNullElse(llm, Usage.NONE);
        literature = Objects.requireNonNullElse(literature, Literature.NONE);
        scholar = Objects.requireNonNullElse(scholar, Scholar.NONE);
        compile = Objects.requireNonNullElse(compile, new Compile("UNKNOWN", "", null));
        refinement = Objects.requireNonNullElse(refinement, Refinement.NONE);
        checks = copy(checks);
    }

    /** Reads a summary.json file; see {@link #parse(String, String)}. */
    public static RunSummary read(Path file) {
        try {
            return parse(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Reads summary.json text. */
    public static RunSummary parse(String json) {
        return parse(json, "summary.json");
    }

    /**
     * @param json  the document
     * @param where what to name in an error (a file, an output)
     * @throws IllegalArgumentException when it is not a summary or has a version above {@value #SCHEMA_VERSION}
     */
    public static RunSummary parse(String json, String where) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(where + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (!(tree instanceof ObjectNode object)) {
            throw new IllegalArgumentException(where + " is not a JSON object");
        }
        JsonNode version = object.path("schemaVersion");
        if (version.isMissingNode() || version.isNull()) {
            object.put("schemaVersion", 1);
        } else if (!version.isIntegralNumber() || version.asInt() < 1) {
            throw new IllegalArgumentException(where + " has schemaVersion " + version + "; a version is a whole "
                    + "number from 1");
        } else if (version.asInt() > SCHEMA_VERSION) {
            throw new IllegalArgumentException(where + " has schemaVersion " + version.asInt() + ", newer than the "
                    + SCHEMA_VERSION + " this po reads: read it with the po that wrote it, or upgrade po");
        }
        try {
            return MAPPER.treeToValue(object, RunSummary.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(where + " is not a run summary: " + e.getOriginalMessage(), e);
        }
    }

    /** The document as summary.json holds it. */
    public String toJsonText() {
        return MAPPER.writeValueAsString(this);
    }

    /** The document as a tree, for a response that embeds it. */
    public JsonNode toJsonTree() {
        return MAPPER.valueToTree(this);
    }

    public void write(Path file) {
        try {
            Files.writeString(file, toJsonText());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public RunSummary withFonts(@Nullable Fonts newFonts) {
        return new RunSummary(schemaVersion, mode, label, paperId, cutoff, stages, approvals, llm, scholarRequests,
                literature, scholar, figures, tables, citedKeys, compile, refinement, writerGates, checks, newFonts,
                traceId);
    }

    public RunSummary withLlm(Usage newLlm) {
        return new RunSummary(schemaVersion, mode, label, paperId, cutoff, stages, approvals, newLlm,
                scholarRequests, literature, scholar, figures, tables, citedKeys, compile, refinement, writerGates,
                checks, fonts, traceId);
    }

    public RunSummary withTraceId(@Nullable String newTraceId) {
        return new RunSummary(schemaVersion, mode, label, paperId, cutoff, stages, approvals, llm, scholarRequests,
                literature, scholar, figures, tables, citedKeys, compile, refinement, writerGates, checks, fonts,
                newTraceId);
    }

    public RunSummary withRefinement(Refinement newRefinement) {
        return new RunSummary(schemaVersion, mode, label, paperId, cutoff, stages, approvals, llm, scholarRequests,
                literature, scholar, figures, tables, citedKeys, compile, newRefinement, writerGates, checks, fonts,
                traceId);
    }

    /** The summary with a decision taken after it was written: the wait as a stage, and the decision. */
    public RunSummary withDecision(Stage wait, Approval approval) {
        List<Stage> moreStages = new ArrayList<>(stages);
        moreStages.add(wait);
        List<Approval> moreApprovals = new ArrayList<>(approvals);
        moreApprovals.add(approval);
        return new RunSummary(schemaVersion, mode, label, paperId, cutoff, moreStages, moreApprovals, llm,
                scholarRequests, literature, scholar, figures, tables, citedKeys, compile, refinement, writerGates,
                checks, fonts, traceId);
    }

    public boolean offline() {
        return mode.equals("offline");
    }

    private static <T> List<T> copy(@Nullable List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    /**
     * @param date   the cutoff date (ISO), null when none applied
     * @param source {@code job} or {@code guidelines}: who set it
     */
    public record Cutoff(@Nullable String date, @Nullable String source) {
        static final Cutoff NONE = new Cutoff(null, null);
    }

    /** One stage's wall time: {@code agent} ran {@code stage} for {@code seconds}. */
    public record Stage(String stage, String agent, double seconds) {
    }

    /** One decision at an approval gate: who, when (ISO instant), what they noted and what they changed. */
    public record Approval(String stage, String decision, String decidedBy, String decidedAt, @Nullable String note,
            @Nullable String change) {
    }

    /**
     * Model calls: paid calls, cache hits, tokens and estimated cost. The whole paper's usage carries the same
     * figures per agent ({@code byAgent}, each again split by role) and per role ({@code byRole}). The
     * prompt-cache and batch figures are written only when not 0, so a file written before them reads and writes
     * back the same.
     *
     * @param cachedInputTokens the part of {@code inputTokens} a provider read from its prompt cache
     * @param batchCalls        paid calls sent through a provider's batch API
     * @param batchCostUsd      the part of {@code estimatedCostUsd} those batch calls cost
     * @param pricesChecked     when the price table the cost comes from was checked; the whole paper's usage only
     * @param note              how the cost was estimated; model mode only
     * @param cacheWriteInputTokens the part of {@code inputTokens} a provider wrote to its prompt cache (billed
     *                          above the input price by Anthropic)
     */
    public record Usage(long calls, long cacheHits, long inputTokens, long outputTokens, double estimatedCostUsd,
            @JsonInclude(Include.NON_NULL) @Nullable Map<String, Usage> byAgent,
            @JsonInclude(Include.NON_NULL) @Nullable Map<String, Usage> byRole,
            @JsonInclude(Include.NON_NULL) @Nullable String note,
            @JsonInclude(Include.NON_DEFAULT) long cachedInputTokens, @JsonInclude(Include.NON_DEFAULT) long batchCalls,
            @JsonInclude(Include.NON_DEFAULT) double batchCostUsd,
            @JsonInclude(Include.NON_NULL) @Nullable String pricesChecked,
            @JsonInclude(Include.NON_DEFAULT) long cacheWriteInputTokens) {

        static final Usage NONE = new Usage(0, 0, 0, 0, 0, Map.of(), Map.of(), null, 0, 0, 0, null, 0);

        /** Usage without prompt-cache writes, as written before they were recorded. */
        public Usage(long calls, long cacheHits, long inputTokens, long outputTokens, double estimatedCostUsd,
                @Nullable Map<String, Usage> byAgent, @Nullable Map<String, Usage> byRole, @Nullable String note,
                long cachedInputTokens, long batchCalls, double batchCostUsd, @Nullable String pricesChecked) {
            this(calls, cacheHits, inputTokens, outputTokens, estimatedCostUsd, byAgent, byRole, note,
                    cachedInputTokens, batchCalls, batchCostUsd, pricesChecked, 0);
        }

        /** Usage without prompt-cache reads or batch calls, as written before they were recorded. */
        public Usage(long calls, long cacheHits, long inputTokens, long outputTokens, double estimatedCostUsd,
                @Nullable Map<String, Usage> byAgent, @Nullable Map<String, Usage> byRole, @Nullable String note) {
            this(calls, cacheHits, inputTokens, outputTokens, estimatedCostUsd, byAgent, byRole, note, 0, 0, 0, null,
                    0);
        }

        public Usage withPricesChecked(@Nullable String checked) {
            return new Usage(calls, cacheHits, inputTokens, outputTokens, estimatedCostUsd, byAgent, byRole, note,
                    cachedInputTokens, batchCalls, batchCostUsd, checked, cacheWriteInputTokens);
        }

        /** Calls answered synchronously: paid calls not sent through a batch API. */
        public long synchronousCalls() {
            return calls - batchCalls;
        }

        public double synchronousCostUsd() {
            return estimatedCostUsd - batchCostUsd;
        }

        public Usage {
            byAgent = byAgent == null ? null : new TreeMap<>(byAgent);
            byRole = byRole == null ? null : new TreeMap<>(byRole);
        }

        public long tokens() {
            return inputTokens + outputTokens;
        }

        public Map<String, Usage> agents() {
            return byAgent == null ? Map.of() : byAgent;
        }

        public Map<String, Usage> roles() {
            return byRole == null ? Map.of() : byRole;
        }
    }

    /**
     * @param candidates       candidates sent to verification
     * @param verified         verified citations
     * @param rejected         candidates rejected
     * @param found            candidates discovery found before de-duplication
     * @param poolSize         the verified pool the writer could cite
     * @param citationsUsed    keys the final paper cites
     * @param rejectedByReason rejections per reason, by name
     */
    public record Literature(int candidates, int verified, int rejected, int found, int poolSize, int citationsUsed,
            Map<String, Integer> rejectedByReason) {

        static final Literature NONE = new Literature(0, 0, 0, 0, 0, 0, Map.of());

        public Literature {
            rejectedByReason = rejectedByReason == null ? Map.of() : new TreeMap<>(rejectedByReason);
        }
    }

    /**
     * @param source           {@code semantic-scholar} or {@code offline-replay}
     * @param requests         requests sent to Semantic Scholar
     * @param replayLookups    lookups answered by the offline replay store
     * @param cacheHits        answers taken from the scholar cache
     * @param resolved         papers resolved
     * @param papersPerRequest resolved papers per request; null without requests
     */
    public record Scholar(@Nullable String source, int requests, int replayLookups, int cacheHits, int resolved,
            @Nullable Double papersPerRequest) {
        static final Scholar NONE = new Scholar(null, 0, 0, 0, 0, null);
    }

    /**
     * @param status  COMPILED, FAILED, SKIPPED...
     * @param message what the compile said, for people
     * @param pages   pages of the PDF; null without one
     */
    public record Compile(String status, String message, @Nullable Integer pages) {

        public Compile {
            status = Objects.requireNonNullElse(status, "UNKNOWN");
            message = Objects.requireNonNullElse(message, "");
        }

        public boolean compiled() {
            return status.equals("COMPILED");
        }
    }

    /**
     * @param iterations     iterations run
     * @param finalVersion   the version kept
     * @param decisions      the loop's decisions in order, one sentence each
     * @param finalOverall   the kept version's overall score; null when unknown
     * @param iterationLimit the limit the loop ran under
     * @param worklog        the output holding the loop's work log
     * @param reviews        the saved review outputs, in order
     * @param panel          the reviewer panel's agreement; absent for a single reviewer
     */
    public record Refinement(int iterations, int finalVersion, List<String> decisions, @Nullable Double finalOverall,
            int iterationLimit, @Nullable String worklog, List<String> reviews,
            @JsonInclude(Include.NON_NULL) @Nullable Panel panel) {

        static final Refinement NONE = new Refinement(0, 0, List.of(), null, 0, null, List.of(), null);

        public Refinement {
            decisions = copy(decisions);
            reviews = copy(reviews);
        }

        /** This loop with what it takes to recompute its decisions from the outputs. */
        public Refinement withProvenance(int limit, String worklogName, List<String> reviewNames,
                @Nullable Panel newPanel) {
            return new Refinement(iterations, finalVersion, decisions, finalOverall, limit, worklogName, reviewNames,
                    newPanel);
        }
    }

    /**
     * The reviewer panel's agreement as each saved review recorded it.
     *
     * @param meanWithinOne the mean share of criteria on which two members are within one level; null when no
     *                      review recorded it
     */
    public record Panel(List<PanelReview> reviews, @Nullable Double meanWithinOne) {

        public Panel {
            reviews = copy(reviews);
        }
    }

    /**
     * @param review        the review output
     * @param rubricVersion the rubric it was scored against
     * @param agreement     the panel's agreement figures as the review file holds them (its layout is the
     *                      reviewer's: members, per-criterion spread, decisions)
     * @param absent        the seats left out, as the review file lists them
     */
    public record PanelReview(String review, @JsonInclude(Include.NON_NULL) @Nullable String rubricVersion,
            @JsonInclude(Include.NON_NULL) @Nullable JsonNode agreement,
            @JsonInclude(Include.NON_NULL) @Nullable JsonNode absent) {
    }

    /**
     * @param passed        every gate passed
     * @param gates         each gate's outcome
     * @param repairs       repair calls the writer made
     * @param mainTextPages main-text pages of the draft, when measured
     * @param pageLimit     the venue's limit, when known
     */
    public record WriterGates(boolean passed, List<GateOutcome> gates,
            @JsonInclude(Include.NON_NULL) @Nullable Repairs repairs,
            @JsonInclude(Include.NON_NULL) @Nullable Integer mainTextPages,
            @JsonInclude(Include.NON_NULL) @Nullable Integer pageLimit) {

        public WriterGates {
            gates = copy(gates);
        }
    }

    /**
     * @param gate          the gate's name ({@link dev.paperorchestra.model.finding.Gate})
     * @param passed        whether it passed
     * @param checked       how many items it checked
     * @param findings      each finding's sentence
     * @param typedFindings the same findings, typed
     */
    public record GateOutcome(String gate, boolean passed, int checked, List<String> findings,
            List<TypedFinding> typedFindings) {

        public GateOutcome {
            findings = copy(findings);
            typedFindings = copy(typedFindings);
        }
    }

    /** Repair calls: for gate findings, for compile errors, for the page limit. */
    public record Repairs(int gates, int compile, int pages) {
    }

    /** A consistency check of the final paper. */
    public record Check(String name, boolean passed, String detail) {
    }

    /**
     * The FONTS gate on the final PDF. It carries no {@code passed}: a paper with such fonts is complete, and
     * says so here for whoever counts valid PDFs.
     *
     * @param bitmap      the PDF holds a Type 3 (bitmap) font
     * @param allEmbedded every font is embedded
     */
    public record Fonts(String gate, int checked, boolean bitmap, boolean allEmbedded, List<String> findings,
            List<TypedFinding> typedFindings) {

        public Fonts {
            findings = copy(findings);
            typedFindings = copy(typedFindings);
        }
    }

    /**
     * A {@link Finding} as summary.json holds it. The gate is a name, not the enum, so a file naming a gate this
     * code does not know still reads.
     */
    public record TypedFinding(String gate, String rule, Location location, String message) {

        public static TypedFinding of(Finding finding) {
            return new TypedFinding(finding.gate().name(), finding.rule(),
                    new Location(finding.location().file(), finding.location().line()), finding.message());
        }
    }

    /** Where a finding is: the file and 1-based line; "" and 0 when about the whole paper. */
    public record Location(String file, int line) {
    }
}
