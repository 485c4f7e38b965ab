package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.bench.cost.PrefixShare;
import dev.paperorchestra.bench.cost.RequestLog;
import dev.paperorchestra.bench.cost.SimulatedCost;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.gateway.usage.PriceTable;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * N synthetic papers through the real agents on the embedded broker, in model mode against in-process stand-ins
 * for the model provider, Semantic Scholar and OpenAlex, every duration compressed by one time factor. Writes
 * {@code simulation.json} (the figures) and {@code simulation-detail.json} (what explains them) to the output
 * directory. The entry point of {@code po simulate} (and of {@code po bench --simulate}).
 */
public final class LoadSimulation {

    /** The stand-in's request log in the output directory ({@link RequestLog}). */
    static final String REQUEST_LOG = "model-requests.jsonl";

    /** The model whose list prices the simulated calls are priced at: OpenAI's default. */
    static final String PRICED_AS = "gpt-4.1";

    private LoadSimulation() {
    }

    public static SimulationResult run(SimulationSettings settings) throws IOException {
        return run(settings, System.out);
    }

    public static SimulationResult run(SimulationSettings settings, PrintStream out) throws IOException {
        Path root = settings.out().toAbsolutePath();
        Files.createDirectories(root);
        SyntheticPapers papers = SyntheticPapers.create(settings.examples(), root.resolve("materials"),
                settings.papers(), settings.seed());
        ScholarCorpus corpus = ScholarCorpus.load(papers.recordStores());
        ScriptedModel model = new ScriptedModel(papers::outlineFor, user -> papers.searchResults(user, corpus),
                ScriptedModel.DEMANDING_CRITIC);
        HopLatencyProbe.reset();
        Path requests = root.resolve(REQUEST_LOG);
        try (RequestLog requestLog = new RequestLog(requests);
                SimulatedModelServer modelServer = new SimulatedModelServer(model, settings.latencies(),
                settings.timeFactor(), settings.modelConcurrency(), settings.seed(), settings.batches(),
                InstantSource.system());
                SimulatedScholarServer scholar = new SimulatedScholarServer(corpus, settings.compressedS2Spacing());
                EmbeddedPipeline pipeline = EmbeddedPipeline.start(new PipelineSettings(root.resolve("state"),
                        List.of(), agentArgs(settings, modelServer, scholar)), line -> { })) {
            modelServer.logRequests(requestLog);
            out.printf("simulating %d papers (time factor %.0f, model concurrency %d, S2 spacing %d ms)%n",
                    settings.papers(), settings.timeFactor(), settings.modelConcurrency(),
                    settings.compressedS2Spacing().toMillis());
            Instant start = Instant.now();
            CompletionWatcher.Outcomes outcomes;
            try (CompletionWatcher watcher = new CompletionWatcher(pipeline.kafka());
                    PaperSubmitter submitter = new PaperSubmitter(pipeline.kafka().common(), pipeline.blobs(),
                            "simulate")) {
                JobOptions options = JobOptions.newBuilder().setLlmMode(LlmMode.MODEL)
                        .setRefineIterationLimit(settings.refineIterations()).build();
                for (SyntheticPapers.Paper paper : papers.papers()) {
                    submitter.submit(MaterialsDirectory.upload(paper.materials(), paper.id(), options, pipeline.blobs(),
                            Instant.now()));
                }
                outcomes = watcher.await(papers.ids(), start.plus(settings.timeout()), out);
            }
            double makespan = Duration.between(start, outcomes.lastCompletion().orElse(Instant.now())).toMillis()
                    / 1000.0;
            List<RunSummary> summaries = outcomes.summaries(pipeline.blobs());
            SimulationResult result = result(settings, makespan, outcomes.completed(), summaries, modelServer,
                    scholar, outcomes.measuredCriticalPaths());
            result = withCost(result, modelServer, requests);
            Files.writeString(root.resolve("simulation.json"),
                    Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result.toJson()));
            Files.writeString(root.resolve("simulation-detail.json"),
                    Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result.detailJson()));
            return result;
        }
    }

    /**
     * The figures with the model bill three ways ({@link SimulatedCost}, priced as {@link #PRICED_AS} at the
     * built-in list prices) and the prefix share of the request log the stand-in wrote.
     */
    private static SimulationResult withCost(SimulationResult result, SimulatedModelServer model, Path requests)
            throws IOException {
        SimulatedCost cost = SimulatedCost.of(model.billed(), result.papers(), PriceTable.of(List.of()), PRICED_AS);
        try (var log = Files.newBufferedReader(requests)) {
            return result.withCost(cost, PrefixShare.read(log, requests.toString()));
        }
    }

    private static List<String> agentArgs(SimulationSettings settings, SimulatedModelServer model,
            SimulatedScholarServer scholar) {
        List<String> args = new ArrayList<>(partitionArgs(settings.parallel()));
        args.addAll(List.of(
                "--po.llm.provider=openai",
                "--po.llm.base-url=" + model.baseUrl(),
                "--po.llm.model=simulated-model",
                "--po.llm.api-key=simulation",
                // every paper's prompts are its own; a cached answer would hide model time
                "--po.llm.cache.mode=off",
                "--po.llm.max-concurrency=" + settings.modelConcurrency(),
                // the scripted writer writes only what the generated materials hold, two or three pages: the
                // default floor would send every paper to a page repair a full-length model draft never needs
                "--po.writer.page-fill-floor=0.1",
                "--po.literature.discovery-sources=searcher,openalex",
                "--po.literature.s2.base-url=" + scholar.baseUrl(),
                "--po.literature.openalex.base-url=" + scholar.baseUrl(),
                // measured from the previous answer, so arrivals are never closer than the stub's limit
                "--po.literature.s2.request-spacing=" + settings.compressedS2Spacing().toMillis() + "ms",
                "--po.literature.s2.retry-backoff=" + Math.max(1, settings.compressedS2Spacing().toMillis() * 2)
                        + "ms",
                "--po.kafka.listener-concurrency=" + settings.parallel(),
                // a paper plans a dozen or more discovery tasks at once, each a short model call
                "--po.literature.search-concurrency=" + 2 * settings.parallel(),
                "--po.kafka.consumer-interceptors=" + HopLatencyProbe.class.getName()));
        return args;
    }

    /**
     * As many partitions as consumer threads on every topic whose count may change, so each listener's threads
     * all have work: the paper-keyed topics keep one count between them (the Streams joins need them
     * co-partitioned), and the search tasks, keyed by task, get one per discovery worker.
     */
    static List<String> partitionArgs(int parallel) {
        List<String> args = new ArrayList<>();
        for (Topic<?> topic : Topics.ALL) {
            int threads = topic == Topics.LITERATURE_SEARCH_TASKS ? 2 * parallel : parallel;
            int partitions = Math.max(topic.defaultPartitions(), threads);
            if (!topic.fixedPartitions() && partitions != topic.defaultPartitions()) {
                args.add("--po.kafka.partitions." + topic.name() + "=" + partitions);
            }
        }
        return args;
    }

    private static SimulationResult result(SimulationSettings settings, double makespan, int completed,
            List<RunSummary> summaries, SimulatedModelServer model, SimulatedScholarServer scholar,
            List<Double> measuredCriticalPaths) {
        long resolved = summaries.stream().mapToLong(summary -> resolvedBySemanticScholar(summary.scholar())).sum();
        double modelSeconds = model.modelTime().toMillis() / 1000.0;
        long modelCalls = model.requests().values().stream().mapToLong(Integer::longValue).sum();
        double spacing = settings.compressedS2Spacing().toMillis() / 1000.0;
        int iterations = summaries.stream().mapToInt(summary -> summary.refinement().iterations())
                .min().orElse(0);
        double criticalPath = criticalPath(settings, iterations);
        double lowerBound = Math.max(criticalPath, Math.max(scholar.s2Requests() * spacing,
                modelSeconds / settings.modelConcurrency()));
        Map<String, Double> busy = new LinkedHashMap<>();
        for (RunSummary summary : summaries) {
            summary.stages().forEach(stage -> busy.merge(stage.agent(), stage.seconds(), Double::sum));
        }
        busy.replaceAll((agent, seconds) -> makespan == 0 ? 0 : seconds / makespan);
        return new SimulationResult(settings.papers(), completed, makespan, lowerBound, criticalPath,
                measuredCriticalPaths, modelSeconds + scholar.s2Requests() * spacing, scholar.s2Requests(), scholar.s2Throttled(),
                scholar.openAlexRequests(), resolved, modelCalls, modelSeconds, HopLatencyProbe.quantileMs(0.5),
                HopLatencyProbe.quantileMs(0.99), HopLatencyProbe.queueWaitQuantileMs(0.5),
                HopLatencyProbe.queueWaitQuantileMs(0.99), HopLatencyProbe.count(), PeakMemory.rssMb(), busy,
                model.requests(), HopLatencyProbe.byTopic());
    }

    /**
     * A paper's candidates settled by Semantic Scholar's data: resolved by the verifier's requests, or answered by
     * the scholar cache from an earlier request (another paper's, as the cache is shared). What an offline replay
     * resolved is no S2 work.
     */
    static long resolvedBySemanticScholar(RunSummary.Scholar scholar) {
        return "semantic-scholar".equals(scholar.source()) ? scholar.resolved() + scholar.cacheHits() : 0;
    }

    /**
     * One paper's chain of dependent model steps at the configured means, compressed: outline, one search
     * (searches run in parallel), drafting the literature sections, writing, and per refinement iteration a
     * review and a revision (as many as the paper with the fewest made), then the last review. Plotting (one
     * chart spec and one critique, figures drawn in parallel) runs beside the literature, and the longer of the
     * two counts; compiles are left out, so the chain is a lower bound.
     */
    static double criticalPath(SimulationSettings settings, int iterations) {
        ModelLatencies latencies = settings.latencies();
        List<String> chain = new ArrayList<>(List.of("outline", "write"));
        for (int i = 0; i < iterations; i++) {
            chain.add("review");
            chain.add("revise");
        }
        chain.add("review");
        long millis = chain.stream().mapToLong(step -> latencies.mean(step).toMillis()).sum()
                + Math.max(sum(latencies, "search", "draft-literature"), sum(latencies, "chart-spec", "critic"));
        return millis / 1000.0 / settings.timeFactor();
    }

    private static long sum(ModelLatencies latencies, String... steps) {
        long millis = 0;
        for (String step : steps) {
            millis += latencies.mean(step).toMillis();
        }
        return millis;
    }
}
