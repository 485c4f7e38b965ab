package dev.paperorchestra.bench.simulate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the simulated outside world was asked, counted at the stubs.
 *
 * @param modelAnswers     model requests answered, synchronous calls and batch items together (each a paid call
 *                         at a real provider)
 * @param modelRepeats     of those, answers to a request (same endpoint and JSON body) answered before: a paid call
 *                         made twice, whether each time synchronously or as a batch item
 * @param modelInFlight    requests being answered right now (batch requests included)
 * @param modelHeld        requests waiting unanswered while the model is held (a test's kill point)
 * @param modelSync        of the answers, synchronous calls ({@code /chat/completions}, {@code /messages})
 * @param modelBatchItems  of the answers, batch items (OpenAI Batch and Anthropic Message Batches)
 * @param modelBatches     batches accepted, both providers
 * @param modelBatchFailed batch items failed on purpose ({@code --batch-failures})
 * @param modelBatchExpired batch items that came back expired ({@code --batch-expire})
 * @param s2Requests       Semantic Scholar requests received, 429s included
 * @param s2Repeats        Semantic Scholar look-ups (same method, URL and body) answered more than once
 * @param s2Throttled      Semantic Scholar requests answered 429 (sent closer than the spacing to the previous one)
 * @param s2Held           Semantic Scholar requests waiting unanswered while that stub is held (a script's kill
 *                         point), not yet counted in {@code s2Requests}
 * @param openAlexRequests OpenAlex searches received
 * @param openAlexRepeats  OpenAlex searches (same URL) answered more than once
 */
public record StubCounts(long modelAnswers, long modelRepeats, int modelInFlight, int modelHeld,
        long modelSync, long modelBatchItems, long modelBatches, long modelBatchFailed, long modelBatchExpired,
        long s2Requests, long s2Repeats,
        long s2Throttled, int s2Held, long openAlexRequests, long openAlexRepeats) {

    /** As {@code name=value} pairs in a fixed order, for scripts. */
    public Map<String, Long> asMap() {
        Map<String, Long> map = new LinkedHashMap<>();
        map.put("model_answers", modelAnswers);
        map.put("model_repeats", modelRepeats);
        map.put("model_in_flight", (long) modelInFlight);
        map.put("model_held", (long) modelHeld);
        map.put("model_sync", modelSync);
        map.put("model_batch_items", modelBatchItems);
        map.put("model_batches", modelBatches);
        map.put("model_batch_failed", modelBatchFailed);
        map.put("model_batch_expired", modelBatchExpired);
        map.put("s2_requests", s2Requests);
        map.put("s2_repeats", s2Repeats);
        map.put("s2_throttled", s2Throttled);
        map.put("s2_held", (long) s2Held);
        map.put("openalex_requests", openAlexRequests);
        map.put("openalex_repeats", openAlexRepeats);
        return map;
    }
}
