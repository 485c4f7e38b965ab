package dev.paperorchestra.runtime.redaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void a_configured_key_is_masked_wherever_it_appears() {
        Redaction.registerSecret("plainkey-1234567890");

        assertThat(Redaction.redact("proxy said: you sent plainkey-1234567890 (invalid)"))
                .isEqualTo("proxy said: you sent [REDACTED] (invalid)");
    }

    @Test
    void credential_shaped_values_are_masked_even_when_not_configured() {
        String body = """
                {"error": "bad", "echo": {"Authorization": "Bearer tok_abcdefghijk", "x-api-key": "s2key0987654321",
                "x-goog-api-key": "AIzaSyA1234567890abcdefghijklmnopqrstu"}, "url": "https://h/v1?key=gemkey123&alt=sse"}
                Authorization: Bearer another-token-value
                openai key sk-proj-ABCDEFGHIJKLMNOPQRST
                """;

        String redacted = Redaction.redact(body);

        assertThat(redacted).doesNotContain("tok_abcdefghijk", "s2key0987654321", "AIzaSyA1234567890",
                "gemkey123", "another-token-value", "sk-proj-ABCDEFGHIJKLMNOPQRST");
        assertThat(redacted).contains("\"error\": \"bad\"", "alt=sse", "[REDACTED]");
    }

    @Test
    void ordinary_text_and_short_values_pass_unchanged() {
        Redaction.registerSecret("abc");
        String text = "paper p1 failed at stage writer: figure abc is missing; see the key results";

        assertThat(Redaction.redact(text)).isEqualTo(text);
    }
}
