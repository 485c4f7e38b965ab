package dev.paperorchestra.runtime.streams;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecord;

/**
 * Runs an agent's {@link PaperAggregation}s: builds the topology with the agent's shared support (status,
 * dead-letter meters, trace context), the Streams settings, and binds its metrics, so an agent module only
 * names its aggregation and the topics it reads.
 */
public final class PaperAggregationRunner {

    private final StreamsConfigFactory configs;
    private final AggregationSupport support;
    private final Redelivery redelivery;
    private final MeterRegistry registry;

    public PaperAggregationRunner(StreamsConfigFactory configs, AggregationSupport support, Redelivery redelivery,
            MeterRegistry registry) {
        this.configs = configs;
        this.support = support;
        this.redelivery = redelivery;
        this.registry = registry;
    }

    public <S extends SpecificRecord> KafkaStreamsService service(String name, List<String> sourceTopics,
            Class<S> stateType, PaperAggregation<S> aggregation) {
        return service(name, sourceTopics, stateType, aggregation, configs.create(name));
    }

    /** With its own commit interval: see {@link StreamsConfigFactory#create(String, Duration)}. */
    public <S extends SpecificRecord> KafkaStreamsService service(String name, List<String> sourceTopics,
            Class<S> stateType, PaperAggregation<S> aggregation, Duration commitInterval) {
        return service(name, sourceTopics, stateType, aggregation, configs.create(name, commitInterval));
    }

    private <S extends SpecificRecord> KafkaStreamsService service(String name, List<String> sourceTopics,
            Class<S> stateType, PaperAggregation<S> aggregation, Properties properties) {
        support.metrics().deadLettersPossibleFrom(sourceTopics);
        return new KafkaStreamsService(name,
                PaperAggregationTopology.build(name, sourceTopics, stateType, aggregation, support, redelivery,
                        properties),
                properties, sourceTopics, registry);
    }
}
