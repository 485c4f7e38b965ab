package dev.paperorchestra.bench.run;

import dev.paperorchestra.embedded.pipeline.TopicRecords;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every paper ever put on paper-requests, with how many times: what a resumed bench run asks before it
 * submits a case it had only begun to submit, and how a test proves no paper was submitted twice.
 */
public final class SubmittedPapers {

    private SubmittedPapers() {
    }

    /** Paper id to the number of requests for it, read from the beginning to the current end of the topic. */
    public static Map<String, Integer> read(String bootstrapServers) {
        Map<String, Integer> counts = new TreeMap<>();
        TopicRecords.read(bootstrapServers, Topics.PAPER_REQUESTS.name(),
                record -> counts.merge(record.key(), 1, Integer::sum));
        return counts;
    }
}
