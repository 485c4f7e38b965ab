package dev.paperorchestra.embedded.broker;

import dev.paperorchestra.schemas.topics.TopicLayout;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates every topic of the catalog (and its {@code -dlt} twin) on a single-node broker, replication 1,
 * compacted where the catalog says so. Topics that exist already are left as they are.
 */
public final class TopicCreation {

    private TopicCreation() {
    }

    /** Creates the missing topics; returns how many topics the catalog has. */
    public static int create(String bootstrapServers) {
        return create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
    }

    /** The same with a full admin client configuration (a secured broker's credentials). */
    public static int create(Map<String, Object> adminConfig) {
        return create(adminConfig, TopicLayout.defaults());
    }

    /** The same with the partition counts of {@code layout} (the agents' {@code po.kafka.partitions.*}). */
    public static int create(Map<String, Object> adminConfig, TopicLayout layout) {
        try (Admin admin = Admin.create(adminConfig)) {
            List<NewTopic> topics = layout.definitions().stream().map(definition -> {
                NewTopic topic = new NewTopic(definition.name(), definition.partitions(), (short) 1);
                return definition.compacted()
                        ? topic.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))
                        : topic;
            }).toList();
            admin.createTopics(topics).values().values().forEach(TopicCreation::awaitCreated);
            return topics.size();
        }
    }

    private static void awaitCreated(KafkaFuture<Void> future) {
        try {
            future.get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create topics: " + e.getCause().getMessage(), e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }
}
