package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatewayFigureCriticTest {

    @Test
    void sends_the_png_to_the_critic_role_and_reads_its_verdict() {
        List<LlmRequest> requests = new ArrayList<>();
        LlmGateway gateway = new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                requests.add(request);
                return new LlmResponse("{\"approved\": false, \"issues\": [\"legend overlaps bars\"]}", "stub",
                        "stub-model", 10, 5, false);
            }

        };

        Critique critique = new GatewayFigureCritic(gateway, "plotting-agent")
                .review("paper-1", Fixtures.plot("Accuracy", "Bar chart", "4:3"), new byte[] {1, 2}, "{\"kind\":\"bar\"}", 1);

        assertThat(critique).isEqualTo(new Critique(false, List.of("legend overlaps bars")));
        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.CRITIC);
            assertThat(request.images()).singleElement()
                    .satisfies(image -> assertThat(image.mediaType()).isEqualTo("image/png"));
            assertThat(request.schema()).isPresent();
            assertThat(request.user()).contains("{\"kind\":\"bar\"}");
        });
    }

    @Test
    void an_answer_that_is_not_json_fails_the_figure() {
        assertThatThrownBy(() -> GatewayFigureCritic.parse("looks fine", "fig_a"))
                .isInstanceOf(PermanentException.class).hasMessageContaining("fig_a");
    }
}
