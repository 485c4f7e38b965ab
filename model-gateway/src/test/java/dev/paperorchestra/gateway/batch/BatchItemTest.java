package dev.paperorchestra.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderCall;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A batch item's id is the call's cache key, and it must be one every provider takes back as its custom_id. */
class BatchItemTest {

    private static final ProviderCall CALL = new ProviderCall("You write papers.", List.of(ChatTurn.user("Write.")),
            List.of(), null, null, 100, false);

    @Test
    void a_cache_key_is_a_custom_id_every_provider_takes() {
        String key = "0123456789abcdef".repeat(4);

        assertThat(new BatchItem(key, CALL).customId()).isEqualTo(key);
    }

    @Test
    void an_id_anthropic_would_refuse_is_refused_before_anything_is_sent() {
        for (String id : List.of("", "a".repeat(65), "paper/1", "key with space", "ключ")) {
            assertThatThrownBy(() -> new BatchItem(id, CALL)).as(id).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("custom_id rule");
        }
    }
}
