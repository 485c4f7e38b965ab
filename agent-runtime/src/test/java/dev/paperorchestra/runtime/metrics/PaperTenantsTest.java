package dev.paperorchestra.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaperTenantsTest {

    @Test
    void a_paper_is_known_by_the_tenant_its_records_carry_at_the_top_or_nested_in_its_context() {
        PaperTenants.learn("pt-request", PaperRequestedEvent.newBuilder().setContext(context("lab-a")).build());
        ApprovalRequestedEvent gate = new ApprovalRequestedEvent();
        OutlineCreatedEvent outline = new OutlineCreatedEvent();
        outline.setContext(context("lab-b"));
        gate.setOutline(outline);
        PaperTenants.learn("pt-gate", gate);
        RevisionRequestedEvent revision = new RevisionRequestedEvent();
        revision.setTenant("lab-c");
        PaperTenants.learn("pt-revision", revision);

        assertThat(PaperTenants.of("pt-request")).isEqualTo("lab-a");
        assertThat(PaperTenants.of("pt-gate")).isEqualTo("lab-b");
        assertThat(PaperTenants.of("pt-revision")).isEqualTo("lab-c");
    }

    @Test
    void a_record_without_a_tenant_teaches_nothing_and_leaves_what_was_learned() {
        PaperTenants.learn("pt-kept", PaperRequestedEvent.newBuilder().setContext(context("lab-a")).build());
        PaperStatusChangedEvent progress = PaperStatusPublisher.event("pt-kept", "outline", "outline-agent",
                StageState.STARTED, "outline", Instant.EPOCH);

        PaperTenants.learn("pt-kept", progress);
        PaperTenants.learn("pt-none", PaperRequestedEvent.newBuilder().setContext(context(null)).build());
        PaperTenants.learn("pt-none", "not a record");

        assertThat(PaperTenants.of("pt-kept")).isEqualTo("lab-a");
        assertThat(PaperTenants.of("pt-none")).isNull();
    }

    @Test
    void the_table_keeps_the_most_recent_papers_only() {
        PaperTenants.learn("pt-oldest", PaperRequestedEvent.newBuilder().setContext(context("lab-a")).build());
        for (int i = 0; i < PaperTenants.MAX_PAPERS; i++) {
            PaperTenants.learn("pt-filler-" + i, PaperRequestedEvent.newBuilder().setContext(context("lab-b"))
                    .build());
        }

        assertThat(PaperTenants.of("pt-oldest")).isNull();
        assertThat(PaperTenants.of("pt-filler-" + (PaperTenants.MAX_PAPERS - 1))).isEqualTo("lab-b");
    }

    @Test
    void a_label_is_a_configured_tenant_default_or_other_never_an_unconfigured_name() {
        TenantLabels labels = new TenantLabels(List.of("lab-a"));

        assertThat(labels.of("lab-a")).isEqualTo("lab-a");
        assertThat(labels.of("lab-zz-from-some-token")).isEqualTo("other");
        assertThat(labels.of(null)).isEqualTo("default");
        assertThat(labels.of("default")).isEqualTo("default");
        assertThat(TenantLabels.NONE.of("lab-a")).isEqualTo("other");
    }

    private static PaperContext context(String tenant) {
        PaperContext context = new PaperContext();
        context.setPaperId("p");
        context.setTenant(tenant);
        return context;
    }
}
