package dev.paperorchestra.runtime.streams;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.kafka.FailureReasons;
import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.logging.PaperLogContext;
import dev.paperorchestra.runtime.metrics.PaperTenants;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.tracing.Span;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.TopicNameExtractor;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka wiring of a {@link PaperAggregation}: the source topics feed one processor that keeps each paper's
 * state in a persistent store (with a changelog, so another instance can take over), and each output goes to
 * the topic its {@link Step.Output} names. Everything happens in one exactly-once transaction per commit.
 * A step that fails retriably ({@link RetriableException}, e.g. the blob store briefly unreachable) is tried
 * again with back-off, bounded by {@link Redelivery}; an event the aggregation cannot handle (a permanent
 * failure, or retries exhausted) goes to {@code <source>-dlt} with the error in headers, the paper is marked
 * failed, and its state is dropped. Spring-kafka's observation does not reach inside Streams,
 * so this is where a record's trace context (W3C {@code traceparent} header) is continued onto every record
 * the aggregation emits, its status events are stamped with the trace id, and its paper id is put in the
 * logging context.
 */
public final class PaperAggregationTopology {

    static final String DEAD_LETTER_SOURCE_HEADER = "po-dead-letter-source";
    static final String ERROR_HEADER = "po-error";

    private PaperAggregationTopology() {
    }

    /** @param clientConfig the Streams configuration, whose schema registry settings pick the serdes' encoding */
    public static <S extends SpecificRecord> Topology build(String name, List<String> sourceTopics,
            Class<S> stateType, PaperAggregation<S> aggregation, AggregationSupport support, Redelivery redelivery,
            Map<?, ?> clientConfig) {
        Serde<SpecificRecord> events = EventSerdes.anyEvent(clientConfig);
        String storeName = name + "-state";
        StreamsBuilder builder = new StreamsBuilder();
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(storeName),
                Serdes.String(), EventSerdes.of(stateType, clientConfig)));
        builder.stream(sourceTopics, Consumed.with(Serdes.String(), events))
                .process(() -> new AggregationProcessor<>(name, storeName, aggregation, support, redelivery),
                        storeName)
                .to(byNamedTopic(), Produced.with(Serdes.String(), routed(events)));
        return builder.build();
    }

    /** An event on its way out with the topic its step named (or the dead-letter topic of its source). */
    record Routed(String topic, SpecificRecord event) {
    }

    static TopicNameExtractor<String, Routed> byNamedTopic() {
        return (key, value, context) -> value.topic();
    }

    /** Writes the routed event alone: the topic travels beside the record, never in it. */
    private static Serde<Routed> routed(Serde<SpecificRecord> events) {
        Serializer<SpecificRecord> serializer = events.serializer();
        Serializer<Routed> write = new Serializer<>() {
            @Override
            public byte[] serialize(String topic, Routed data) {
                return serializer.serialize(topic, data == null ? null : data.event());
            }

            @Override
            public byte[] serialize(String topic, Headers headers, Routed data) {
                return serializer.serialize(topic, headers, data == null ? null : data.event());
            }
        };
        Deserializer<Routed> neverRead = (topic, data) -> {
            throw new UnsupportedOperationException("routed events are written, never read back");
        };
        return Serdes.serdeFrom(write, neverRead);
    }

    private static final class AggregationProcessor<S extends SpecificRecord>
            implements Processor<String, SpecificRecord, String, Routed> {

        private static final Logger log = LoggerFactory.getLogger(AggregationProcessor.class);

        private final String name;
        private final String storeName;
        private final PaperAggregation<S> aggregation;
        private final AggregationSupport support;
        private final Redelivery redelivery;
        private ProcessorContext<String, Routed> context;
        private KeyValueStore<String, S> store;

        AggregationProcessor(String name, String storeName, PaperAggregation<S> aggregation,
                AggregationSupport support, Redelivery redelivery) {
            this.name = name;
            this.storeName = storeName;
            this.aggregation = aggregation;
            this.support = support;
            this.redelivery = redelivery;
        }

        @Override
        public void init(ProcessorContext<String, Routed> context) {
            this.context = context;
            this.store = context.getStateStore(storeName);
            if (aggregation instanceof TimedPaperAggregation<S> timed) {
                context.schedule(timed.checkEvery(), PunctuationType.WALL_CLOCK_TIME, now -> onClock(timed));
            }
        }

        /** Shows every held state the time; the steps are taken after the scan, never while iterating the store. */
        private void onClock(TimedPaperAggregation<S> timed) {
            Instant now = support.clock().instant();
            List<KeyValue<String, S>> held = new ArrayList<>();
            try (KeyValueIterator<String, S> all = store.all()) {
                all.forEachRemaining(held::add);
            }
            for (KeyValue<String, S> entry : held) {
                String paperId = entry.key;
                Span span = support.tracing().continueFrom(new RecordHeaders(), name);
                try (var paper = PaperLogContext.open(paperId); var scope = support.tracing().inScope(span)) {
                    Step<S> step = timed.onClock(paperId, entry.value, now);
                    if (step != null) {
                        take(paperId, step, span);
                    }
                } catch (RuntimeException failure) {
                    // one paper's clock step failing must not stop the others' nor the Streams thread; it is
                    // tried again at the next check
                    log.error("paper {}: {} could not act on the clock: {}", paperId, storeName,
                            FailureReasons.describe(failure), failure);
                } finally {
                    span.end();
                }
            }
        }

        private void take(String paperId, Step<S> step, Span span) {
            if (step.nextState() == null) {
                store.delete(paperId);
            } else {
                store.put(paperId, step.nextState());
            }
            for (Step.Output<?> output : step.outputs()) {
                emit(output.topic(), output.key(), withTraceId(output.event(), span), span);
            }
        }

        @Override
        public void process(Record<String, SpecificRecord> record) {
            String paperId = PaperKeys.paperIdOf(record.key());
            PaperTenants.learn(paperId, record.value());
            RecordTracing tracing = support.tracing();
            Span span = tracing.continueFrom(record.headers(), name);
            try (var paper = PaperLogContext.open(paperId); var scope = tracing.inScope(span)) {
                process(record, paperId, span);
            } finally {
                span.end();
            }
        }

        private void process(Record<String, SpecificRecord> record, String paperId, Span span) {
            Step<S> step;
            try {
                step = applyWithRetries(record, paperId);
            } catch (RuntimeException failure) {
                deadLetter(record, paperId, failure, span);
                return;
            } catch (StackOverflowError overflow) {
                // a parser deep inside a step overflowed on hostile input (issue 25: an author's figure once
                // stopped the plotting gatherer this way): that paper fails visibly, the Streams thread goes on
                deadLetter(record, paperId, new PermanentException(
                        "the input is nested too deeply to process (stack overflow)", overflow), span);
                return;
            }
            take(paperId, step, span);
        }

        /** The step, tried again after a retriable failure until the attempts are spent. */
        private Step<S> applyWithRetries(Record<String, SpecificRecord> record, String paperId) {
            for (int attempt = 1; ; attempt++) {
                try {
                    return aggregation.apply(store.get(paperId), record.value());
                } catch (RetriableException failure) {
                    if (attempt >= redelivery.attempts()) {
                        throw failure;
                    }
                    Duration backoff = redelivery.backoffAfter(attempt);
                    log.warn("paper {}: {} failed retriably ({}); attempt {} of {} in {}", paperId, storeName,
                            FailureReasons.describe(failure), attempt + 1, redelivery.attempts(), backoff);
                    pause(backoff);
                }
            }
        }

        private void pause(Duration backoff) {
            try {
                redelivery.sleeper().sleep(backoff);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting to retry in " + storeName, e);
            }
        }

        private void emit(Topic<?> topic, String key, SpecificRecord event, Span span) {
            context.forward(new Record<>(key, new Routed(topic.name(), event), support.clock().millis(),
                    support.tracing().headersOf(span)));
        }

        private static SpecificRecord withTraceId(SpecificRecord event, Span span) {
            if (event instanceof PaperStatusChangedEvent status && status.getTraceId() == null) {
                return PaperStatusChangedEvent.newBuilder(status).setTraceId(RecordTracing.traceIdOf(span)).build();
            }
            return event;
        }

        private void deadLetter(Record<String, SpecificRecord> record, String paperId, RuntimeException failure,
                Span span) {
            String source = context.recordMetadata().map(m -> m.topic()).orElse("unknown");
            String reason = FailureReasons.describe(failure);
            log.error("paper {} failed in {} on a record from {}; sent to {}{}: {}", paperId, storeName, source,
                    source, Topics.DEAD_LETTER_SUFFIX, reason, failure);
            Headers headers = support.tracing().headersOf(span)
                    .add(DEAD_LETTER_SOURCE_HEADER, source.getBytes(StandardCharsets.UTF_8))
                    .add(ERROR_HEADER, reason.getBytes(StandardCharsets.UTF_8))
                    .add("kafka_dlt-exception-fqcn", failure.getClass().getName().getBytes(StandardCharsets.UTF_8));
            Routed deadLettered = new Routed(source + Topics.DEAD_LETTER_SUFFIX, record.value());
            context.forward(new Record<>(record.key(), deadLettered, support.clock().millis(), headers));
            store.delete(paperId);
            emit(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId, support.stage(), support.agent(), StageState.FAILED,
                    reason, support.clock().instant(), RecordTracing.traceIdOf(span)), span);
            support.metrics().deadLettered(source);
            support.metrics().failed();
        }
    }
}
