package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.mock.MockProducerFactory;

/**
 * An event goes to the topic its publish site names ({@code publish(Topics.PAPER_OUTLINES, key, event)}); these
 * pin that route for every topic of the catalog, the refusal of an event on another type's topic, headers, the
 * acknowledgement a submitter waits for, and the spreading of a group of tasks over partitions. Sends go to
 * Kafka's {@link MockProducer} through a real {@link KafkaTemplate}: no broker.
 */
class EventPublisherTest {

    private static final Serializer<Object> NO_BYTES = (topic, value) -> new byte[0];

    /** The template closes its producer after each send outside a transaction: one mock per send. */
    private final List<MockProducer<String, Object>> producers = new ArrayList<>();
    private final EventPublisher publisher = new EventPublisher(new KafkaTemplate<>(new MockProducerFactory<>(
            () -> producer(null))));

    private MockProducer<String, Object> producer(@Nullable Cluster cluster) {
        MockProducer<String, Object> producer = cluster == null
                ? new MockProducer<>(true, null, (topic, key) -> new byte[0], NO_BYTES)
                : new MockProducer<>(cluster, true, null, (topic, key) -> new byte[0], NO_BYTES);
        producers.add(producer);
        return producer;
    }

    private List<ProducerRecord<String, Object>> sent() {
        return producers.stream().flatMap(producer -> producer.history().stream()).toList();
    }

    @Test
    void every_topic_of_the_catalog_receives_what_is_published_to_it_under_the_given_key() throws Exception {
        for (Topic<?> topic : Topics.ALL) {
            SpecificRecord event = publishNew(publisher, topic);

            ProducerRecord<String, Object> sent = sent().getLast();
            assertThat(sent.topic()).as(topic.valueType().getSimpleName()).isEqualTo(topic.name());
            assertThat(sent.key()).isEqualTo("paper-1");
            assertThat(sent.value()).isSameAs(event);
            assertThat(sent.partition()).as("partitioned by the key's hash").isNull();
        }
        assertThat(sent()).hasSize(Topics.ALL.size());
    }

    private static <V extends SpecificRecord> V publishNew(EventPublisher publisher, Topic<V> topic)
            throws ReflectiveOperationException {
        V event = topic.valueType().getDeclaredConstructor().newInstance();
        publisher.publish(topic, "paper-1", event);
        return event;
    }

    @Test
    void the_route_of_the_pipeline_events_is_the_documented_one() {
        publisher.publish(Topics.PAPER_OUTLINES, "p", new OutlineCreatedEvent());
        publisher.publish(Topics.LITERATURE_READY, "p", new LiteratureReadyEvent());
        publisher.publish(Topics.FIGURES_READY, "p", new FiguresReadyEvent());
        publisher.publish(Topics.PAPER_COMPLETED, "p", new PaperCompletedEvent());

        assertThat(sent()).extracting(ProducerRecord::topic)
                .containsExactly("paper-outlines", "literature-ready", "figures-ready", "paper-completed");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void an_event_on_the_topic_of_another_type_is_refused_by_name_and_nothing_is_sent() {
        Topic outlines = Topics.PAPER_OUTLINES;

        assertThatThrownBy(() -> publisher.publish(outlines, "paper-1", new PaperCompletedEvent()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PaperCompletedEvent does not belong on paper-outlines, which carries OutlineCreatedEvent");
        assertThat(sent()).isEmpty();
    }

    @Test
    void headers_go_with_the_record_and_the_acknowledgement_names_where_it_was_written() throws Exception {
        RecordHeaders headers = new RecordHeaders();
        headers.add("traceparent", "00-abc-def-01".getBytes(StandardCharsets.UTF_8));

        var ack = publisher.publish(Topics.PAPER_REQUESTS, "paper-1", new PaperRequestedEvent(), headers).get();

        assertThat(ack.getRecordMetadata().topic()).isEqualTo("paper-requests");
        assertThat(sent().getLast().headers().lastHeader("traceparent").value())
                .isEqualTo("00-abc-def-01".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void a_publisher_over_a_given_producer_sends_every_record_through_it_and_closes_it() {
        MockProducer<String, Object> given = producer(null);
        EventPublisher own = EventPublisher.ownProducer(given);

        own.publish(Topics.PAPER_CANCELLATIONS, "paper-1", new PaperCancelledEvent());
        own.publish(Topics.PAPER_STATUS, "paper-1", new PaperStatusChangedEvent());
        own.close();

        assertThat(given.history()).extracting(ProducerRecord::topic)
                .containsExactly("paper-cancellations", "paper-status");
        assertThat(given.closed()).isTrue();
    }

    @Test
    void outside_a_listener_a_transactional_publisher_sends_in_a_transaction_of_its_own() {
        EventPublisher inTransactions = new EventPublisher(new KafkaTemplate<>(
                new MockProducerFactory<>((transactional, prefix) -> {
                    MockProducer<String, Object> producer = producer(null);
                    if (transactional) {
                        // what DefaultKafkaProducerFactory does to each transactional producer it creates
                        producer.initTransactions();
                    }
                    return producer;
                }, "tx-")));

        inTransactions.publish(Topics.PAPER_OUTLINES, "paper-1", new OutlineCreatedEvent());

        assertThat(producers).singleElement().satisfies(producer -> {
            assertThat(producer.transactionCommitted()).isTrue();
            assertThat(producer.history()).extracting(ProducerRecord::topic).containsExactly("paper-outlines");
        });
    }

    @Test
    void a_spread_group_goes_to_consecutive_partitions_of_the_events_topic() {
        String topic = Topics.LITERATURE_SEARCH_TASKS.name();
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> partitions = IntStream.range(0, 12)
                .mapToObj(p -> new PartitionInfo(topic, p, node, new Node[] {node}, new Node[] {node})).toList();
        Cluster cluster = new Cluster("c", List.of(node), partitions, Set.of(), Set.of());
        EventPublisher spreading = new EventPublisher(new KafkaTemplate<>(new MockProducerFactory<>(
                () -> producer(cluster))));

        for (int index = 0; index < 3; index++) {
            spreading.publishSpread(Topics.LITERATURE_SEARCH_TASKS, "task-" + index,
                    new LiteratureSearchTaskCreatedEvent(), "paper-7", index);
        }

        assertThat(sent()).extracting(ProducerRecord::topic).containsOnly(topic);
        assertThat(sent()).extracting(ProducerRecord::partition).containsExactly(
                EventPublisher.spreadPartition("paper-7", 0, 12), EventPublisher.spreadPartition("paper-7", 1, 12),
                EventPublisher.spreadPartition("paper-7", 2, 12));
        assertThat(sent()).extracting(ProducerRecord::key).containsExactly("task-0", "task-1", "task-2");
    }

    @Test
    void a_group_of_as_many_records_as_partitions_lands_on_every_partition_once() {
        Set<Integer> partitions = new HashSet<>();
        IntStream.range(0, 16).forEach(index -> partitions.add(EventPublisher.spreadPartition("paper-7", index, 16)));

        assertThat(partitions).hasSize(16).allMatch(partition -> partition >= 0 && partition < 16);
    }

    @Test
    void a_larger_group_wraps_around_and_consecutive_records_never_share_a_partition() {
        for (int index = 0; index < 40; index++) {
            assertThat(EventPublisher.spreadPartition("paper-7", index, 12))
                    .isNotEqualTo(EventPublisher.spreadPartition("paper-7", index + 1, 12))
                    .isEqualTo(EventPublisher.spreadPartition("paper-7", index + 12, 12));
        }
    }

    @Test
    void groups_start_where_their_key_hashes() {
        long starts = IntStream.range(0, 50).map(paper -> EventPublisher.spreadPartition("paper-" + paper, 0, 16))
                .distinct().count();

        assertThat(starts).isGreaterThan(8);
    }
}
