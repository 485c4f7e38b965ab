package dev.paperorchestra.schemas.topics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The topics to create for a deployment: every catalog topic ({@link Topics}) with its configured partition count,
 * and a dead-letter topic beside each (same partition count, so a poison record keeps its partition).
 */
public final class TopicLayout {

    /** A topic as it must exist on the broker. */
    public record TopicDefinition(String name, int partitions, boolean compacted) {
    }

    private final List<TopicDefinition> definitions;

    private TopicLayout(List<TopicDefinition> definitions) {
        this.definitions = List.copyOf(definitions);
    }

    /** The layout with default partition counts. */
    public static TopicLayout defaults() {
        return withPartitions(Map.of());
    }

    /**
     * The layout with partition counts overridden by topic name.
     *
     * @throws IllegalArgumentException when an override names an unknown topic, is below 1, or changes a
     *                                  topic whose partition count is fixed
     */
    public static TopicLayout withPartitions(Map<String, Integer> overrides) {
        for (var entry : overrides.entrySet()) {
            Topic<?> topic = Topics.byName(entry.getKey()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown topic '" + entry.getKey() + "' in partition configuration; known: "
                            + Topics.ALL.stream().map(Topic::name).toList()));
            if (entry.getValue() < 1) {
                throw new IllegalArgumentException("topic " + topic.name() + " needs at least one partition");
            }
            if (topic.fixedPartitions() && entry.getValue() != topic.defaultPartitions()) {
                throw new IllegalArgumentException("topic " + topic.name() + " must keep "
                        + topic.defaultPartitions() + " partition(s): a single partition is what serialises "
                        + "every call to the scholarly source");
            }
        }
        List<TopicDefinition> defs = new ArrayList<>();
        for (Topic<?> topic : Topics.ALL) {
            int partitions = overrides.getOrDefault(topic.name(), topic.defaultPartitions());
            defs.add(new TopicDefinition(topic.name(), partitions, topic.compacted()));
            defs.add(new TopicDefinition(topic.deadLetterName(), partitions, false));
        }
        return new TopicLayout(defs);
    }

    public List<TopicDefinition> definitions() {
        return definitions;
    }

    public int partitions(String topicName) {
        return definitions.stream().filter(d -> d.name().equals(topicName)).findFirst()
                .map(TopicDefinition::partitions)
                .orElseThrow(() -> new IllegalArgumentException("unknown topic " + topicName));
    }
}
