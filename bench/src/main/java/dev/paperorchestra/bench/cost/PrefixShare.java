package dev.paperorchestra.bench.cost;

import dev.paperorchestra.base.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How much of a run's input a provider's prefix cache could serve, measured on a request log ({@link RequestLog}):
 * over the calls of at least 1,024 tokens, the share of input tokens that begin, in whole 128-token chunks, the
 * same as an earlier call of the same model. {@code cacheableShare} applies OpenAI's rule besides: a shared
 * prefix counts only from 1,024 tokens.
 *
 * @param calls           calls in the log
 * @param longCalls       of them, with at least 1,024 input tokens
 * @param inputTokens     input tokens of the long calls
 * @param sharedTokens    of them, in a prefix an earlier call of the same model sent
 * @param cacheableTokens of them, in such a prefix of at least 1,024 tokens
 * @param byStep          the long calls' figures per step, when the log names steps
 */
public record PrefixShare(long calls, long longCalls, long inputTokens, long sharedTokens, long cacheableTokens,
        Map<String, Step> byStep) {

    public PrefixShare {
        byStep = Map.copyOf(byStep);
    }

    /** One step's long calls: how many, their input tokens, and the shared part. */
    public record Step(long calls, long inputTokens, long sharedTokens) {

        Step plus(long input, long shared) {
            return new Step(calls + 1, inputTokens + input, sharedTokens + shared);
        }

        public double share() {
            return inputTokens == 0 ? 0 : (double) sharedTokens / inputTokens;
        }
    }

    public double share() {
        return inputTokens == 0 ? 0 : (double) sharedTokens / inputTokens;
    }

    public double cacheableShare() {
        return inputTokens == 0 ? 0 : (double) cacheableTokens / inputTokens;
    }

    /**
     * Reads a request log in its order (the order the stand-in answered the calls).
     *
     * @param where the log's name for an error
     * @throws IllegalArgumentException naming the line that is not a request-log entry
     */
    public static PrefixShare read(Reader log, String where) throws IOException {
        PrefixCache cache = new PrefixCache();
        long calls = 0;
        long longCalls = 0;
        long input = 0;
        long shared = 0;
        long cacheable = 0;
        Map<String, Step> steps = new TreeMap<>();
        BufferedReader lines = new BufferedReader(log);
        int number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            PromptChunks prompt;
            String model;
            String step;
            try {
                JsonNode entry = Json.mapper().readTree(line);
                model = entry.path("model").asString("");
                if (model.isEmpty() || !entry.path("tokens").isIntegralNumber()) {
                    throw new IllegalArgumentException(where + ":" + number + ": not a request-log entry (it needs "
                            + "model, tokens and chunks)");
                }
                List<String> chain = new ArrayList<>();
                entry.path("chunks").values().forEach(chunk -> chain.add(chunk.asString()));
                prompt = new PromptChunks(entry.path("tokens").asLong(), chain);
                step = entry.path("step").asString("");
            } catch (JacksonException e) {
                throw new IllegalArgumentException(where + ":" + number + ": not JSON: " + e.getOriginalMessage(), e);
            }
            calls++;
            long sharedHere = cache.shared(model, prompt);
            if (prompt.tokens() >= PromptChunks.MIN_CACHED_TOKENS) {
                longCalls++;
                input += prompt.tokens();
                shared += sharedHere;
                cacheable += sharedHere >= PromptChunks.MIN_CACHED_TOKENS ? sharedHere : 0;
                if (!step.isEmpty()) {
                    steps.merge(step, new Step(1, prompt.tokens(), sharedHere), (a, b) -> a.plus(b.inputTokens(),
                            b.sharedTokens()));
                }
            }
        }
        return new PrefixShare(calls, longCalls, input, shared, cacheable, steps);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode().put("calls", calls).put("longCalls", longCalls)
                .put("inputTokens", inputTokens).put("sharedTokens", sharedTokens)
                .put("share", Math.round(share() * 1000) / 1000.0).put("cacheableTokens", cacheableTokens)
                .put("cacheableShare", Math.round(cacheableShare() * 1000) / 1000.0);
        if (!byStep.isEmpty()) {
            ObjectNode steps = json.putObject("byStep");
            new TreeMap<>(byStep).forEach((name, step) -> steps.putObject(name).put("calls", step.calls())
                    .put("inputTokens", step.inputTokens()).put("sharedTokens", step.sharedTokens())
                    .put("share", Math.round(step.share() * 1000) / 1000.0));
        }
        return json;
    }
}
