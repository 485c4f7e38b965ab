package dev.paperorchestra.runtime.redaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    // hostile: derived forms of a configured key (finding 7: a 401 body with the key base64-encoded was shown)

    /** Has '+', '/' and '=' in its base64 forms and characters URL and JSON encoding change. */
    private static final String KEY = "sk?x/y+z~Key \"4ever\"\u00e9-9f3A";

    private static String redacted(String text) {
        Redaction.registerSecret(KEY);
        return Redaction.redact(text);
    }

    private static byte[] keyBytes() {
        return KEY.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void the_keys_standard_base64_is_masked_with_and_without_padding() {
        String encoded = Base64.getEncoder().encodeToString(keyBytes());

        assertThat(redacted("invalid token " + encoded + " (401)")).isEqualTo("invalid token [REDACTED] (401)");
        assertThat(redacted("t=" + encoded.replace("=", "") + ";")).isEqualTo("t=[REDACTED];");
    }

    @Test
    void the_keys_url_safe_base64_is_masked() {
        String encoded = Base64.getUrlEncoder().withoutPadding().encodeToString(keyBytes());

        assertThat(redacted("jwt-ish ." + encoded + ". refused")).isEqualTo("jwt-ish .[REDACTED]. refused");
    }

    @Test
    void a_basic_authorization_value_of_user_and_key_is_masked_even_outside_a_header() {
        String basic = Base64.getEncoder().encodeToString(("apiuser:" + KEY).getBytes(StandardCharsets.UTF_8));
        String colon = Base64.getEncoder().encodeToString((":" + KEY).getBytes(StandardCharsets.UTF_8));

        String text = redacted("we received credentials " + basic + " and " + colon);

        assertThat(text).doesNotContain(SecretFormsProbe.core(KEY, 1), SecretFormsProbe.core(KEY, 2),
                SecretFormsProbe.core(KEY, 0)).contains("[REDACTED]");
    }

    /** The key after 0, 1 and 2 bytes of anything, inside one base64 blob: each alignment is masked. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void the_key_inside_a_base64_blob_is_masked_at_every_alignment(int prefixBytes) {
        byte[] prefix = "0123456789".substring(0, prefixBytes).getBytes(StandardCharsets.US_ASCII);
        byte[] suffix = "trailing-bytes".getBytes(StandardCharsets.US_ASCII);
        byte[] blob = new byte[prefix.length + keyBytes().length + suffix.length];
        System.arraycopy(prefix, 0, blob, 0, prefix.length);
        System.arraycopy(keyBytes(), 0, blob, prefix.length, keyBytes().length);
        System.arraycopy(suffix, 0, blob, prefix.length + keyBytes().length, suffix.length);
        String encoded = Base64.getEncoder().encodeToString(blob);

        String text = redacted("body: " + encoded);

        assertThat(text).contains("[REDACTED]");
        // no run of the key's own base64 characters survives: decoding what is left never yields the key
        assertThat(text).doesNotContain(SecretFormsProbe.core(KEY, prefixBytes % 3));
    }

    @Test
    void the_keys_url_encoded_forms_are_masked_in_either_hex_case_and_fully_encoded() {
        String form = URLEncoder.encode(KEY, StandardCharsets.UTF_8);
        String lower = lowerHex(form);
        String full = fullyEncoded(keyBytes());

        assertThat(redacted("GET /v1?k=" + form + "&a=1")).isEqualTo("GET /v1?k=[REDACTED]&a=1");
        assertThat(redacted("k=" + lower + " x")).isEqualTo("k=[REDACTED] x");
        assertThat(redacted("k=" + full + " x")).isEqualTo("k=[REDACTED] x");
        assertThat(redacted("k=" + full.toLowerCase(Locale.ROOT) + " x")).isEqualTo("k=[REDACTED] x");
    }

    @Test
    void the_keys_json_escaped_forms_are_masked() {
        String every = KEY.chars().mapToObj(c -> String.format("\\u%04x", c)).collect(Collectors.joining());
        String jsonLike = KEY.replace("\"", "\\\"").replace("/", "\\/").replace("\u00e9", "\\u00E9");

        assertThat(redacted("{\"echo\": \"" + every + "\"}")).isEqualTo("{\"echo\": \"[REDACTED]\"}");
        assertThat(redacted("{\"echo\": \"" + jsonLike + "\"}")).isEqualTo("{\"echo\": \"[REDACTED]\"}");
    }

    @Test
    void the_keys_hex_form_is_masked_in_either_case() {
        String hex = HexFormat.of().formatHex(keyBytes());

        assertThat(redacted("dump " + hex + " end")).isEqualTo("dump [REDACTED] end");
        assertThat(redacted("dump " + hex.toUpperCase(Locale.ROOT) + " end")).isEqualTo("dump [REDACTED] end");
    }

    @Test
    void model_answers_lose_the_configured_key_but_keep_credential_shaped_examples() {
        Redaction.registerSecret(KEY);
        String answer = "Send Authorization: Bearer your-token-here; we used "
                + Base64.getEncoder().encodeToString(keyBytes());

        assertThat(Redaction.redactSecrets(answer))
                .isEqualTo("Send Authorization: Bearer your-token-here; we used [REDACTED]");
    }

    private static String lowerHex(String encoded) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            boolean hexDigit = i >= 1 && encoded.charAt(i - 1) == '%' || i >= 2 && encoded.charAt(i - 2) == '%';
            out.append(hexDigit ? Character.toLowerCase(c) : c);
        }
        return out.toString();
    }

    private static String fullyEncoded(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            out.append('%').append(HexFormat.of().withUpperCase().toHexDigits(b));
        }
        return out.toString();
    }

    /** The key's base64 characters that do not depend on its neighbours, computed independently of Redaction. */
    private static final class SecretFormsProbe {

        static String core(String key, int prefix) {
            byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
            byte[] padded = new byte[prefix + bytes.length];
            System.arraycopy(bytes, 0, padded, prefix, bytes.length);
            String encoded = Base64.getEncoder().encodeToString(padded);
            // skip the characters touching the prefix, stop before the last (partial) group
            int start = prefix == 0 ? 0 : prefix == 1 ? 4 : 4;
            return encoded.substring(start, (padded.length / 3) * 4);
        }
    }
}
