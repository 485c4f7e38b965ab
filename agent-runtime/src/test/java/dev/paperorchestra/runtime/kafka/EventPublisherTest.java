package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
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
import org.apache.kafka.common.serialization.Serializer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.mock.MockProducerFactory;

/**
 * Which topic an event goes to is decided by its class alone (the catalog, {@link Topics}); these pin that
 * route for every value type, and the spreading of a group of tasks over partitions. Sends go to Kafka's
 * {@link MockProducer} through a real {@link KafkaTemplate}: no broker.
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
    void every_value_type_of_the_catalog_is_published_to_its_own_topic_under_the_given_key() throws Exception {
        for (Topic<?> topic : Topics.ALL) {
            SpecificRecord event = topic.valueType().getDeclaredConstructor().newInstance();

            publisher.publish("paper-1", event);

            ProducerRecord<String, Object> sent = sent().getLast();
            assertThat(sent.topic()).as(topic.valueType().getSimpleName()).isEqualTo(topic.name());
            assertThat(sent.key()).isEqualTo("paper-1");
            assertThat(sent.value()).isSameAs(event);
            assertThat(sent.partition()).as("partitioned by the key's hash").isNull();
        }
        assertThat(sent()).hasSize(Topics.ALL.size());
    }

    @Test
    void no_two_topics_carry_the_same_value_type_so_the_route_is_unambiguous() {
        assertThat(Topics.ALL.stream().map(Topic::valueType).distinct()).hasSameSizeAs(Topics.ALL);
    }

    @Test
    void the_route_of_the_pipeline_events_is_the_documented_one() {
        publisher.publish("p", new OutlineCreatedEvent());
        publisher.publish("p", new LiteratureDraftedEvent());
        publisher.publish("p", new FiguresRenderedEvent());
        publisher.publish("p", new PaperCompletedEvent());

        assertThat(sent()).extracting(ProducerRecord::topic)
                .containsExactly("paper-outlines", "literature-ready", "figures-ready", "paper-completed");
    }

    @Test
    void a_record_type_without_a_topic_is_refused_by_name_and_nothing_is_sent() {
        assertThatThrownBy(() -> publisher.publish("paper-1", new ArtifactRef()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ArtifactRef has no topic in the catalog");
        assertThat(sent()).isEmpty();
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

        inTransactions.publish("paper-1", new OutlineCreatedEvent());

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
            spreading.publishSpread("task-" + index, new LiteratureSearchTaskCreatedEvent(), "paper-7", index);
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
