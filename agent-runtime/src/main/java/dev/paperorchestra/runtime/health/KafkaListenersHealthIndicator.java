package dev.paperorchestra.runtime.health;

import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Readiness of the agent's Kafka listeners: DOWN while any listener container is not running (not started
 * yet, stopped by an operator, or stopped by a fatal consumer error such as an authorization failure), since
 * records of its topic then wait unprocessed.
 */
public final class KafkaListenersHealthIndicator implements HealthIndicator {

    private final KafkaListenerEndpointRegistry registry;

    public KafkaListenersHealthIndicator(KafkaListenerEndpointRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Health health() {
        Map<String, String> listeners = new TreeMap<>();
        boolean allRunning = true;
        for (MessageListenerContainer container : registry.getListenerContainers()) {
            boolean running = container.isRunning();
            allRunning &= running;
            listeners.put(container.getListenerId(), running ? "running" : "stopped");
        }
        return (allRunning ? Health.up() : Health.down()).withDetails(listeners).build();
    }
}
