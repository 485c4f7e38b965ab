package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.bench.cost.RequestLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulation's outside world on its own, for a deployment started elsewhere: the scripted model (OpenAI's and
 * Anthropic's synchronous and batch endpoints) and the Semantic Scholar / OpenAlex stub on loopback ports, and the
 * synthetic papers they know how to answer for. {@code po stubs} serves them as a process of their own: {@code
 * scripts/prometheus-proof} runs one model-mode paper through separately started agents with them, so the model
 * panels and alerts read series that real model calls produced, and {@code scripts/chaos} counts at them that no
 * look-up or paid call is repeated.
 */
public final class SimulatedProviders implements AutoCloseable {

    private final SyntheticPapers papers;
    private final SimulatedModelServer model;
    private final SimulatedScholarServer scholar;

    private SimulatedProviders(SyntheticPapers papers, SimulatedModelServer model, SimulatedScholarServer scholar) {
        this.papers = papers;
        this.model = model;
        this.scholar = scholar;
    }

    /**
     * Generates {@code count} papers' materials under {@code materialsRoot} from the examples and starts both
     * stubs, every duration (model latency, the 1 s Semantic Scholar spacing) divided by {@code timeFactor}.
     */
    public static SimulatedProviders start(Path examples, Path materialsRoot, int count, double timeFactor)
            throws IOException {
        return start(examples, materialsRoot, count, timeFactor, BatchSettings.defaults());
    }

    /** As {@link #start(Path, Path, int, double)}, the model's batch endpoints behaving as {@code batches} says. */
    public static SimulatedProviders start(Path examples, Path materialsRoot, int count, double timeFactor,
            BatchSettings batches) throws IOException {
        SyntheticPapers papers = SyntheticPapers.create(examples, materialsRoot, count);
        ScholarCorpus corpus = ScholarCorpus.load(papers.recordStores());
        ScriptedModel scripted = new ScriptedModel(papers::outlineFor, user -> papers.searchResults(user, corpus));
        SimulatedModelServer model = new SimulatedModelServer(scripted, ModelLatencies.defaults(), timeFactor, 4, 1,
                batches, InstantSource.system());
        try {
            Duration spacing = Duration.ofNanos(Math.round(Duration.ofSeconds(1).toNanos() / timeFactor));
            return new SimulatedProviders(papers, model, new SimulatedScholarServer(corpus, spacing));
        } catch (IOException | RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** Base URL for {@code po.llm.base-url} (provider {@code openai}). */
    public String modelBaseUrl() {
        return model.baseUrl();
    }

    /** Base URL for {@code po.literature.s2.base-url} and {@code po.literature.openalex.base-url}. */
    public String scholarBaseUrl() {
        return scholar.baseUrl();
    }

    /** What both stubs were asked so far. */
    public StubCounts counts() {
        BatchWork batches = model.batches();
        batches.settle();
        return new StubCounts(model.ledger().answers(), model.ledger().repeats(), model.inFlight(),
                model.gate().held(), model.synchronousAnswers(), batches.answered(), batches.accepted(),
                batches.failed(), batches.expired(),
                scholar.s2Requests(), scholar.s2Answers().repeats(), scholar.s2Throttled(), scholar.s2Gate().held(),
                scholar.openAlexRequests(),
                scholar.openAlexAnswers().repeats());
    }

    /** Model batches in progress that a caller has polled: batches someone waits for. */
    public long modelBatchesWaitedFor() {
        return model.batches().waitedFor();
    }

    /**
     * From now on the stand-in accepts each new model batch but holds its reply, until
     * {@link #releaseModelBatchReplies}: a test kills the caller between the provider accepting a batch and the
     * caller journaling it.
     */
    public void holdModelBatchReplies() {
        model.batches().holdAcceptedReplies();
    }

    /** Model batches accepted whose reply is held. */
    public long heldModelBatchReplies() {
        return model.batches().heldReplies();
    }

    public void releaseModelBatchReplies() {
        model.batches().releaseHeldReplies();
    }

    /** Appends every model call answered from now on to {@code log} ({@link RequestLog}). */
    public void logRequests(RequestLog log) {
        model.logRequests(log);
    }

    /** The scripted model's hold point (a test's kill point for a model call). */
    public RequestGate modelGate() {
        return model.gate();
    }

    /** The Semantic Scholar stub's hold point (a script's kill point for the verifier). */
    public RequestGate scholarGate() {
        return scholar.s2Gate();
    }

    /** The requests answered more than once, each as its count and what it asked, for a failed check's report. */
    public List<String> repeats() {
        List<String> repeats = new ArrayList<>();
        model.ledger().repeated().forEach(request -> repeats.add("model " + request));
        scholar.s2Answers().repeated().forEach(request -> repeats.add("semantic-scholar " + request));
        return repeats;
    }

    /** Materials directory by paper id, in generation order. */
    public Map<String, Path> papers() {
        Map<String, Path> byId = new LinkedHashMap<>();
        papers.papers().forEach(paper -> byId.put(paper.id(), paper.materials()));
        return byId;
    }

    @Override
    public void close() {
        model.batches().releaseHeldReplies();
        model.close();
        scholar.close();
    }
}
