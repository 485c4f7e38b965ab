package dev.paperorchestra.runtime;

import dev.paperorchestra.runtime.health.AgentHealthProperties;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.runtime.health.KafkaBrokerHealthIndicator;
import dev.paperorchestra.runtime.health.KafkaListenersHealthIndicator;
import dev.paperorchestra.runtime.health.KafkaStreamsHealthIndicator;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.metrics.MetricsProperties;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.metrics.TenantLabels;
import dev.paperorchestra.runtime.streams.AggregationSupport;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.runtime.streams.Redelivery;
import dev.paperorchestra.runtime.streams.StreamsConfigFactory;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.runtime.tracing.SdkClosedOnce;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * What lets an operator see an agent: paper meters, the health of its Kafka listeners, Streams topologies
 * and broker (in the readiness and liveness groups, see runtime-defaults.properties), trace context for the
 * hops spring-kafka does not observe, and the runner of its Kafka Streams aggregations.
 */
@AutoConfiguration(after = AgentRuntimeAutoConfiguration.class)
@EnableConfigurationProperties({AgentHealthProperties.class, MetricsProperties.class})
public class AgentObservabilityAutoConfiguration {

    /** Static: a factory post-processor must not wait for this configuration's own instance. */
    @Bean
    static SdkClosedOnce openTelemetrySdkClosedOnce() {
        return new SdkClosedOnce();
    }

    @Bean
    PaperMetrics paperMetrics(ObjectProvider<MeterRegistry> registry, AgentIdentity identity) {
        return new PaperMetrics(registry.getIfAvailable(SimpleMeterRegistry::new), identity.stage());
    }

    /** The tenant label of the model gateway's meters: po.metrics.tenants by name, the rest as other. */
    @Bean
    TenantLabels tenantLabels(MetricsProperties properties) {
        return new TenantLabels(properties.tenants());
    }

    @Bean
    RecordTracing recordTracing(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
        return new RecordTracing(tracer.getIfAvailable(() -> Tracer.NOOP),
                propagator.getIfAvailable(() -> Propagator.NOOP));
    }

    @Bean
    PaperAggregationRunner paperAggregationRunner(StreamsConfigFactory configs, AgentIdentity identity, Clock clock,
            PaperMetrics metrics, RecordTracing tracing, KafkaRuntimeProperties kafka,
            ObjectProvider<MeterRegistry> registry) {
        return new PaperAggregationRunner(configs,
                new AggregationSupport(identity.name(), identity.stage(), clock, metrics, tracing),
                new Redelivery(kafka.deliveryAttempts(), kafka.retryBackoff(), Sleeper.SYSTEM),
                registry.getIfAvailable(SimpleMeterRegistry::new));
    }

    /** Dead-letter counters at 0 for every topic the agent's listeners read, once the containers exist. */
    @Bean
    ApplicationListener<ContextRefreshedEvent> listenerDeadLetterMeters(KafkaListenerEndpointRegistry listeners,
            PaperMetrics metrics) {
        return event -> listeners.getListenerContainers().forEach(container -> {
            String[] topics = container.getContainerProperties().getTopics();
            metrics.deadLettersPossibleFrom(topics == null ? List.of()
                    : Arrays.stream(topics).filter(Objects::nonNull).toList());
        });
    }

    @Bean
    KafkaListenersHealthIndicator kafkaListenersHealthIndicator(KafkaListenerEndpointRegistry listeners) {
        return new KafkaListenersHealthIndicator(listeners);
    }

    @Bean
    KafkaStreamsHealthIndicator kafkaStreamsHealthIndicator(ObjectProvider<KafkaStreamsService> streams) {
        return new KafkaStreamsHealthIndicator(KafkaStreamsHealthIndicator.Probe.READINESS,
                () -> streams.orderedStream().toList());
    }

    @Bean
    KafkaStreamsHealthIndicator kafkaStreamsLivenessHealthIndicator(ObjectProvider<KafkaStreamsService> streams) {
        return new KafkaStreamsHealthIndicator(KafkaStreamsHealthIndicator.Probe.LIVENESS,
                () -> streams.orderedStream().toList());
    }

    @Bean(destroyMethod = "close")
    KafkaBrokerHealthIndicator kafkaBrokerHealthIndicator(KafkaRuntimeProperties kafka,
            AgentHealthProperties properties, AgentIdentity identity, Clock clock) {
        // the brokers and po.kafka.properties.* like every other client: on a TLS/SASL listener a probe without
        // them never connects, and the pod would never become ready
        Map<String, Object> config = kafka.client().common();
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, identity.name() + "-health");
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) properties.brokerTimeout().toMillis());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) properties.brokerTimeout().toMillis());
        return new KafkaBrokerHealthIndicator(() -> Admin.create(config), properties, clock);
    }
}
