package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.gateway.provider.ProviderAnswer;
import java.util.Map;

/**
 * A batch as the provider reports it at one poll.
 *
 * @param ended    true once the provider will answer nothing more (completed, expired, cancelled or failed)
 * @param answers  the answers read so far by custom id (all of them once ended)
 * @param failures the items that failed by custom id, with the provider's reason; once ended, an item in neither
 *                 map was not answered (an expired batch) and is treated as failed by the caller
 * @param status   the provider's own word for the batch's state, for progress and logs
 */
public record BatchPoll(boolean ended, Map<String, ProviderAnswer> answers, Map<String, String> failures,
        String status) {

    public BatchPoll {
        answers = Map.copyOf(answers);
        failures = Map.copyOf(failures);
    }

    /** A batch still being worked on. */
    public static BatchPoll waiting(String status) {
        return new BatchPoll(false, Map.of(), Map.of(), status);
    }
}
