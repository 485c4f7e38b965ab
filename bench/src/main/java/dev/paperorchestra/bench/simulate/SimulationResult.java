package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.bench.cost.PrefixShare;
import dev.paperorchestra.bench.cost.SimulatedCost;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a load simulation measured, in compressed (wall) seconds. The field names are simulation.json's.
 *
 * @param papers                    papers submitted
 * @param completed                 papers that completed within the timeout
 * @param makespanSeconds           first submission to last completion
 * @param lowerBoundSeconds         the largest of: one paper's critical path, S2 requests x spacing, model time
 *                                  / model concurrency
 * @param criticalPathSeconds       one paper's chain of dependent model steps at the configured means (the
 *                                  estimate the lower bound uses)
 * @param measuredCriticalPaths     every completed paper's critical path measured on its stage timeline
 *                                  ({@link StageTimeline}), in seconds
 * @param sequentialScheduleSeconds every model call and S2 request one after another, paper after paper
 * @param s2Requests                requests that reached the Semantic Scholar stub
 * @param s2Http429                 of them answered 429
 * @param openAlexRequests          requests that reached the OpenAlex stub
 * @param candidatesResolved        candidates settled by Semantic Scholar's data, over every paper: resolved by
 *                                  the verifier's requests or answered by the shared scholar cache
 * @param modelCalls                model requests answered
 * @param modelSeconds              model time spent answering them
 * @param hopLatencyP50Ms           median hop, every topic: producer timestamp (or the moment the consumer became
 *                                  free, when later) to consumer ({@link HopLatencyProbe})
 * @param hopLatencyP99Ms           99th percentile of the same
 * @param queueWaitP50Ms            median wait of a record behind its consumer's earlier work
 * @param queueWaitP99Ms            99th percentile of the same
 * @param hops                      hops measured
 * @param peakRssMb                 the JVM's peak resident set
 * @param busyShares                per agent: its stages' summed wall time over the makespan (papers in that
 *                                  agent's stage at once, on average)
 * @param modelCallsByStep          model requests by step
 * @param hopsByTopic               per topic: hops measured, median, 99th percentile and largest hop and queue wait
 * @param cost                      dollars per paper three ways, from the stand-in's billed calls; null when not
 *                                  measured
 * @param prefixShare               the calls' prefix share ({@link PrefixShare}); null when not measured
 */
public record SimulationResult(int papers, int completed, double makespanSeconds, double lowerBoundSeconds,
        double criticalPathSeconds, List<Double> measuredCriticalPaths, double sequentialScheduleSeconds,
        long s2Requests, long s2Http429, long openAlexRequests, long candidatesResolved, long modelCalls, double modelSeconds, long hopLatencyP50Ms,
        long hopLatencyP99Ms, long queueWaitP50Ms, long queueWaitP99Ms, long hops, long peakRssMb, Map<String, Double> busyShares,
        Map<String, Integer> modelCallsByStep, Map<String, HopLatencyProbe.TopicHops> hopsByTopic,
        @Nullable SimulatedCost cost, @Nullable PrefixShare prefixShare) {

    public SimulationResult {
        measuredCriticalPaths = List.copyOf(measuredCriticalPaths);
        busyShares = Map.copyOf(busyShares);
        modelCallsByStep = Map.copyOf(modelCallsByStep);
        hopsByTopic = Map.copyOf(hopsByTopic);
    }

    public SimulationResult(int papers, int completed, double makespanSeconds, double lowerBoundSeconds,
            double criticalPathSeconds, List<Double> measuredCriticalPaths, double sequentialScheduleSeconds,
            long s2Requests, long s2Http429, long openAlexRequests, long candidatesResolved, long modelCalls,
            double modelSeconds, long hopLatencyP50Ms, long hopLatencyP99Ms, long queueWaitP50Ms, long queueWaitP99Ms,
            long hops, long peakRssMb, Map<String, Double> busyShares, Map<String, Integer> modelCallsByStep,
            Map<String, HopLatencyProbe.TopicHops> hopsByTopic) {
        this(papers, completed, makespanSeconds, lowerBoundSeconds, criticalPathSeconds, measuredCriticalPaths,
                sequentialScheduleSeconds, s2Requests, s2Http429, openAlexRequests, candidatesResolved, modelCalls,
                modelSeconds, hopLatencyP50Ms, hopLatencyP99Ms, queueWaitP50Ms, queueWaitP99Ms, hops, peakRssMb,
                busyShares, modelCallsByStep, hopsByTopic, null, null);
    }

    /** These figures with what the model calls cost and how much of their input shared a prefix. */
    public SimulationResult withCost(SimulatedCost newCost, PrefixShare newPrefixShare) {
        return new SimulationResult(papers, completed, makespanSeconds, lowerBoundSeconds, criticalPathSeconds,
                measuredCriticalPaths, sequentialScheduleSeconds, s2Requests, s2Http429, openAlexRequests,
                candidatesResolved, modelCalls, modelSeconds, hopLatencyP50Ms, hopLatencyP99Ms, queueWaitP50Ms,
                queueWaitP99Ms, hops, peakRssMb, busyShares, modelCallsByStep, hopsByTopic, newCost, newPrefixShare);
    }

    public double ratio() {
        return lowerBoundSeconds == 0 ? 0 : makespanSeconds / lowerBoundSeconds;
    }

    public double criticalPathRatio() {
        return sequentialScheduleSeconds == 0 ? 0 : makespanSeconds / sequentialScheduleSeconds;
    }

    /** The shortest measured critical path of a completed paper: what one paper took at best, waits excluded. */
    public OptionalDouble measuredCriticalPathSeconds() {
        return measuredCriticalPaths.stream().mapToDouble(Double::doubleValue).min();
    }

    public double candidatesPerS2Request() {
        return s2Requests == 0 ? 0 : (double) candidatesResolved / s2Requests;
    }

    /** simulation.json: exactly the figures the issue names. */
    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode().put("papers", papers)
                .put("makespanSeconds", round(makespanSeconds)).put("lowerBoundSeconds", round(lowerBoundSeconds))
                .put("ratio", round(ratio())).put("sequentialScheduleSeconds", round(sequentialScheduleSeconds))
                .put("criticalPathRatio", round(criticalPathRatio()));
        // measured beside the estimate: null when no paper completed
        json.put("criticalPathSeconds", round(criticalPathSeconds));
        OptionalDouble measured = measuredCriticalPathSeconds();
        if (measured.isPresent()) {
            json.put("measuredCriticalPathSeconds", round(measured.getAsDouble()));
        } else {
            json.putNull("measuredCriticalPathSeconds");
        }
        json.put("s2Requests", s2Requests)
                .put("s2Http429", s2Http429).put("candidatesResolved", candidatesResolved)
                .put("candidatesPerS2Request", round(candidatesPerS2Request()))
                .put("hopLatencyP50Ms", hopLatencyP50Ms).put("hopLatencyP99Ms", hopLatencyP99Ms)
                .put("queueWaitP50Ms", queueWaitP50Ms).put("queueWaitP99Ms", queueWaitP99Ms)
                .put("peakRssMb", peakRssMb);
        ObjectNode shares = json.putObject("busyShares");
        new TreeMap<>(busyShares).forEach((agent, share) -> shares.put(agent, round(share)));
        if (cost != null) {
            ObjectNode costs = cost.toJson();
            if (prefixShare != null) {
                costs.set("prefixShare", prefixShare.toJson());
            }
            json.set("cost", costs);
        }
        return json;
    }

    /** simulation-detail.json: what explains the figures. */
    public ObjectNode detailJson() {
        ObjectNode detail = Json.mapper().createObjectNode().put("completed", completed)
                .put("criticalPathSeconds", round(criticalPathSeconds)).put("openAlexRequests", openAlexRequests)
                .put("measuredCriticalPathMedianSeconds", round(median(measuredCriticalPaths)))
                .put("modelCalls", modelCalls).put("modelSeconds", round(modelSeconds)).put("hops", hops);
        ObjectNode steps = detail.putObject("modelCallsByStep");
        new TreeMap<>(modelCallsByStep).forEach(steps::put);
        ObjectNode topics = detail.putObject("hopsByTopic");
        new TreeMap<>(hopsByTopic).forEach((topic, hops) -> topics.putObject(topic).put("hops", hops.hops())
                .put("p50Ms", hops.p50Ms()).put("p99Ms", hops.p99Ms()).put("maxMs", hops.maxMs())
                .put("queueWaitP50Ms", hops.queueWaitP50Ms()).put("queueWaitP99Ms", hops.queueWaitP99Ms())
                .put("queueWaitMaxMs", hops.queueWaitMaxMs()));
        return detail;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        if (sorted.isEmpty()) {
            return 0;
        }
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
