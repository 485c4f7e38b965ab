package dev.paperorchestra.literature;

import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Which literature-agent instance is the active Semantic Scholar verifier, and how much work waits for it,
 * read from the verifier's listener container at scrape time. Registered at start-up, so a standby (or an
 * agent whose container has not started yet) reports 0 rather than nothing.
 */
final class VerifierGauges {

    static final String ACTIVE = "po.scholar.verifier.active";
    static final String QUEUE_DEPTH = "po.scholar.queue.depth";

    private VerifierGauges() {
    }

    static void register(MeterRegistry registry, KafkaListenerEndpointRegistry listeners, String verifierId) {
        Gauge.builder(ACTIVE, listeners, l -> active(l.getListenerContainer(verifierId)) ? 1 : 0)
                .description("1 on the instance holding the citation-verify-requests partition, else 0")
                .register(registry);
        Gauge.builder(QUEUE_DEPTH, listeners, l -> queueDepth(l.getListenerContainer(verifierId)))
                .description("Verification requests on citation-verify-requests the verifier has not fetched yet")
                .register(registry);
    }

    private static boolean active(MessageListenerContainer container) {
        if (container == null || !container.isRunning()) {
            return false;
        }
        Collection<TopicPartition> assigned = container.getAssignedPartitions();
        return assigned != null && !assigned.isEmpty();
    }

    /** The verifier consumer's {@code records-lag} on the verify topic; 0 on a standby or before a fetch. */
    private static double queueDepth(MessageListenerContainer container) {
        if (!active(container)) {
            return 0;
        }
        double depth = 0;
        for (Map<MetricName, ? extends Metric> metrics : container.metrics().values()) {
            for (Map.Entry<MetricName, ? extends Metric> entry : metrics.entrySet()) {
                MetricName name = entry.getKey();
                if (name.name().equals("records-lag")
                        && Topics.CITATION_VERIFY_REQUESTS.name().equals(name.tags().get("topic"))
                        && entry.getValue().metricValue() instanceof Double lag && !lag.isNaN()) {
                    depth += lag;
                }
            }
        }
        return depth;
    }
}
