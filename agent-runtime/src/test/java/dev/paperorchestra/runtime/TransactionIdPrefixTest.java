package dev.paperorchestra.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TransactionIdPrefixTest {

    @Test
    void a_named_instance_keeps_its_transactional_ids_across_restarts() {
        assertThat(AgentRuntimeAutoConfiguration.transactionIdPrefix("writer-agent", "writer-0"))
                .isEqualTo(AgentRuntimeAutoConfiguration.transactionIdPrefix("writer-agent", "writer-0"))
                .isEqualTo("writer-agent-writer-0-tx-");
    }

    @Test
    void unnamed_instances_of_one_agent_never_share_a_prefix() {
        assertThat(AgentRuntimeAutoConfiguration.transactionIdPrefix("writer-agent", null))
                .startsWith("writer-agent-").endsWith("-tx-")
                .isNotEqualTo(AgentRuntimeAutoConfiguration.transactionIdPrefix("writer-agent", null));
    }
}
