package dev.paperorchestra.runtime.gateway;

import dev.paperorchestra.gateway.core.BatchApis;
import dev.paperorchestra.gateway.batch.BatchJournal;
import dev.paperorchestra.gateway.batch.BatchNotices;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import org.jspecify.annotations.Nullable;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.runtime.AgentRuntimeAutoConfiguration;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.runtime.metrics.TenantLabels;
import dev.paperorchestra.gateway.usage.UsageLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The LLM gateway of an agent. With a provider configured for any role, every agent records its calls on
 * {@code llm-usage} and reads everyone's back (budgets span agents); without one, the gateway refuses model
 * calls with the reason and nothing is recorded.
 */
@AutoConfiguration(after = AgentRuntimeAutoConfiguration.class)
@EnableConfigurationProperties(LlmProperties.class)
public class LlmAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(LlmAutoConfiguration.class);

    /** Closed on shutdown through its {@code close()} when it is the Kafka ledger. */
    @Bean
    @ConditionalOnMissingBean
    UsageLedger usageLedger(LlmProperties properties, KafkaClientProperties kafka,
            @Value("${spring.application.name}") String agent, Clock clock, ObjectProvider<MeterRegistry> registry) {
        if (!callsModels(bindings(properties))) {
            return new InMemoryUsageLedger();
        }
        KafkaUsageLedger ledger = new KafkaUsageLedger(kafka, agent, clock);
        registry.ifAvailable(ledger::bindMetrics);
        return ledger;
    }

    @Bean
    @ConditionalOnMissingBean
    LlmGateway llmGateway(LlmProperties properties, BlobStore blobs, UsageLedger usageLedger,
            ObjectProvider<MeterRegistry> registry, @Value("${spring.application.name}") String agent,
            ObjectProvider<PaperCancellations> cancellations, ObjectProvider<TenantLabels> tenants,
            BatchJournal batchJournal, ObjectProvider<PaperStatusPublisher> status) {
        Map<LlmRole, RoleBinding> llmRoleBindings = bindings(properties);
        if (!callsModels(llmRoleBindings)) {
            return new UnconfiguredLlmGateway();
        }
        llmRoleBindings.values().forEach(binding -> binding.problem().ifPresentOrElse(
                problem -> log.warn("{}: {}", agent, problem),
                () -> log.info("{}: role {}", agent, binding)));
        LlmMetrics metrics = new LlmMetrics(registry.getIfAvailable(SimpleMeterRegistry::new),
                tenants.getIfAvailable(() -> TenantLabels.NONE));
        llmRoleBindings.values().stream().filter(RoleBinding::callsModel).forEach(binding -> metrics.register(agent,
                DefaultLlmGateway.roleName(binding.role()), binding.endpoint().providerName(), binding.model()));
        return DefaultLlmGateway.create(properties, llmRoleBindings, blobs, usageLedger, metrics,
                cancellations.getIfAvailable(() -> PaperCancellations.NONE))
                .withBatches(batchJournal, batchNotices(status.getIfAvailable(), agent), agent,
                        binding -> BatchApis.forBinding(binding, properties.timeout(), properties.maxOutputTokens()));
    }

    /** A paper's call waiting in a batch, told as a notice on its status (its timeline, po status, the console). */
    private static BatchNotices batchNotices(@Nullable PaperStatusPublisher status, String agent) {
        return status == null ? BatchNotices.NONE
                : (paperId, message) -> status.notice(paperId, AgentRuntimeAutoConfiguration.stageOf(agent), message);
    }

    /**
     * Where this agent keeps the batches it sent ({@code llm-batches}) when {@code po.llm.batch.enabled}; else
     * nothing is sent through batches and nothing needs keeping. Closed on shutdown through its {@code close()}.
     */
    @Bean
    @ConditionalOnMissingBean
    BatchJournal batchJournal(LlmProperties properties, KafkaClientProperties kafka,
            @Value("${spring.application.name}") String agent) {
        if (!properties.batch().enabled() || !callsModels(bindings(properties))) {
            return BatchJournal.IN_MEMORY;
        }
        return new KafkaBatchJournal(kafka, agent);
    }

    /**
     * With batches on, a stage may wait up to {@code po.llm.batch.max-wait} for one answer: its budget (and with it
     * the listener's poll interval) allows for that wait, so a waiting paper is not taken for a stuck one.
     */
    @Bean
    @ConditionalOnProperty(name = "po.llm.batch.enabled", havingValue = "true")
    StageAllowance batchWaitAllowance(LlmProperties properties) {
        return new StageAllowance("waiting for a batch answer (po.llm.batch.max-wait)", properties.batch().maxWait());
    }

    private static Map<LlmRole, RoleBinding> bindings(LlmProperties properties) {
        return RoleBinding.resolve(properties, System::getenv);
    }

    private static boolean callsModels(Map<LlmRole, RoleBinding> bindings) {
        return bindings.values().stream().anyMatch(RoleBinding::callsModel);
    }
}
