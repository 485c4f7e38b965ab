package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchPoll;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.core.BatchApis;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderCall;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

// issue 42: the gateway's batch clients and the stand-in agree on the wire, so po bench --batch can run here
class BatchClientsAgainstStandInTest {

    @ParameterizedTest
    @EnumSource(value = ProviderKind.class, names = {"OPENAI", "ANTHROPIC"})
    void the_gateways_batch_client_reads_the_stand_ins_answers_and_failures_once_the_batch_has_ended(
            ProviderKind kind) throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(Duration.ofHours(1), 0.3, false), 7)) {
            BatchApi api = BatchApis.forBinding(new RoleBinding(LlmRole.PLANNER, kind, "stand-in-model",
                    stub.server.baseUrl(), "stand-in-key", null), Duration.ofSeconds(30), 500).orElseThrow();
            List<BatchItem> items = IntStream.range(0, 10).mapToObj(i -> new BatchItem("%064x".formatted(i),
                    new ProviderCall(BatchStandIn.STABLE, List.of(ChatTurn.user("Question " + i)), List.of(), null,
                            null, 500, false))).toList();

            List<String> ids = items.stream().map(BatchItem::customId).toList();

            SubmittedBatch submitted = api.submit(items);
            assertThat(api.poll(submitted.batchId(), ids).ended()).isFalse();
            stub.advance(Duration.ofHours(1));
            BatchPoll ended = api.poll(submitted.batchId(), ids);

            assertThat(ended.ended()).isTrue();
            assertThat(ended.failures()).isNotEmpty();
            assertThat(ended.answers().size() + ended.failures().size()).isEqualTo(items.size());
            assertThat(ended.answers().values()).allSatisfy(answer -> {
                assertThat(answer.text()).isNotEmpty();
                assertThat(answer.inputTokens()).isPositive();
            });
            assertThat(api.poll(submitted.batchId(), ids).answers()).isEqualTo(ended.answers());
            assertThat(stub.server.ledger().answers()).isEqualTo(ended.answers().size());
            assertThat(stub.server.batches().failed()).isEqualTo(ended.failures().size());

            api.release(submitted.batchId());
            api.release(submitted.batchId());
            // OpenAI keeps the uploaded input and the output and error files until deleted; Anthropic has none
            assertThat(stub.server.batches().filesDeleted()).isEqualTo(kind == ProviderKind.OPENAI ? 3 : 0);
        }
    }
    @org.junit.jupiter.api.Test
    void the_openai_client_finds_a_batch_again_by_the_local_id_it_sent_in_the_metadata() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(Duration.ofHours(1), 0, false), 7)) {
            BatchApi api = BatchApis.forBinding(new RoleBinding(LlmRole.PLANNER, ProviderKind.OPENAI,
                    "stand-in-model", stub.server.baseUrl(), "stand-in-key", null), Duration.ofSeconds(30), 500)
                    .orElseThrow();
            java.time.Instant intent = java.time.Instant.parse("2026-11-29T08:00:00Z"); // the stand-in's clock
            List<BatchItem> items = List.of(new BatchItem("%064x".formatted(1), new ProviderCall(BatchStandIn.STABLE,
                    List.of(ChatTurn.user("Question")), List.of(), null, null, 500, false)));

            SubmittedBatch tagged = api.submit("po-local-1", items);
            for (int i = 0; i < 120; i++) {
                api.submit(items);
            }

            assertThat(api.find("po-local-1", intent)).as("found past the first page of the list")
                    .hasValueSatisfying(found -> assertThat(found.batchId()).isEqualTo(tagged.batchId()));
            assertThat(api.find("po-local-2", intent)).isEmpty();
        }
    }
}
