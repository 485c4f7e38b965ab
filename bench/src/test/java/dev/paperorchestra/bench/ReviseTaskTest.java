package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.revise.AddressedPointsJudge;
import dev.paperorchestra.bench.revise.ModelRevisionJudge;
import dev.paperorchestra.gateway.LlmGateway;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which autorater po bench --task revise uses: the model judge only with a model and not offline. */
class ReviseTaskTest {

    @TempDir
    Path dir;

    private final LlmGateway gateway = request -> {
        throw new AssertionError("choosing a judge calls no model");
    };

    @Test
    void the_model_judge_only_with_a_model_and_not_offline() {
        assertThat(ReviseTask.judge(false, gateway)).isInstanceOf(ModelRevisionJudge.class);
        assertThat(ReviseTask.judge(true, gateway)).isInstanceOf(AddressedPointsJudge.class);
        assertThat(ReviseTask.judge(false, null)).isInstanceOf(AddressedPointsJudge.class);
        assertThat(ReviseTask.judge(false, null).label()).isEqualTo(AddressedPointsJudge.LABEL);
    }

    @Test
    void with_a_server_the_judge_uses_po_benchs_own_provider_when_one_is_given() {
        BenchCommand command = new BenchCommand();
        command.environment = Map.of();
        assertThat(ReviseTask.serverGateway(command, false, dir)).isNull();

        command.environment = Map.of("PO_LLM_PROVIDER", "openai", "PO_LLM_BASE_URL", "http://127.0.0.1:9/v1",
                "PO_LLM_MODEL", "judge");
        assertThat(ReviseTask.serverGateway(command, false, dir)).isNotNull();
        assertThat(ReviseTask.serverGateway(command, true, dir)).as("offline").isNull();
    }
}
