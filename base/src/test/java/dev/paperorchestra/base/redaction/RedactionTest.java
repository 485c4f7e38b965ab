package dev.paperorchestra.base.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        Redaction.registerSecret("a test key", "plainkey-1234567890");

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
    void ordinary_text_passes_unchanged_and_no_key_is_no_secret() {
        Redaction.registerSecret("an unset key", null);
        Redaction.registerSecret("a blank key", "  ");
        String text = "paper p1 failed at stage writer: figure abc is missing; see the key results";

        assertThat(Redaction.redact(text)).isEqualTo(text);
    }

    // hostile (issue 40): a key too short to mask was silently left unmasked everywhere

    @Test
    void a_key_under_eight_characters_is_refused_at_configuration_naming_its_setting() {
        assertThatThrownBy(() -> Redaction.registerSecret("the Semantic Scholar API key (po.literature.s2.api-key)",
                "s2-key7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the Semantic Scholar API key (po.literature.s2.api-key) is 7 character(s) "
                        + "long: keys under 8 characters are refused")
                .hasMessageNotContaining("s2-key7");
    }

    // hostile: derived forms of a configured key (finding 7: a 401 body with the key base64-encoded was shown)

    /** Has '+', '/' and '=' in its base64 forms and characters URL and JSON encoding change. */
    private static final String KEY = "sk?x/y+z~Key \"4ever\"\u00e9-9f3A";

    private static String redacted(String text) {
        Redaction.registerSecret("the test key", KEY);
        return Redaction.redact(text);
    }

    /** {@code prefixBytes} bytes of digits, the key, then the suffix: the key at any byte alignment of a blob. */
    private static byte[] keyAfter(int prefixBytes, String suffix) {
        byte[] prefix = "0123456789".substring(0, prefixBytes).getBytes(StandardCharsets.US_ASCII);
        byte[] tail = suffix.getBytes(StandardCharsets.US_ASCII);
        byte[] blob = new byte[prefix.length + keyBytes().length + tail.length];
        System.arraycopy(prefix, 0, blob, 0, prefix.length);
        System.arraycopy(keyBytes(), 0, blob, prefix.length, keyBytes().length);
        System.arraycopy(tail, 0, blob, prefix.length + keyBytes().length, tail.length);
        return blob;
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
        String encoded = Base64.getEncoder().encodeToString(keyAfter(prefixBytes, "trailing-bytes"));

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
        Redaction.registerSecret("the test key", KEY);
        String answer = "Send Authorization: Bearer your-token-here; we used "
                + Base64.getEncoder().encodeToString(keyBytes());

        assertThat(Redaction.redactSecrets(answer))
                .isEqualTo("Send Authorization: Bearer your-token-here; we used [REDACTED]");
    }

    // hostile (issue 40): key forms the redaction missed

    /** Letters in both cases, so upper- and lower-casing each change it. */
    private static final String MIXED = "sk-proj-Mixed0Case9Key7q";

    private static String mixed(String text) {
        Redaction.registerSecret("the mixed-case test key", MIXED);
        return Redaction.redact(text);
    }

    @Test
    void an_upper_or_lower_cased_key_and_its_encodings_are_masked() {
        String upper = MIXED.toUpperCase(Locale.ROOT);
        String lower = MIXED.toLowerCase(Locale.ROOT);

        assertThat(mixed("echo: " + upper + " rejected")).isEqualTo("echo: [REDACTED] rejected");
        assertThat(mixed("echo: " + lower + " rejected")).isEqualTo("echo: [REDACTED] rejected");
        assertThat(mixed("b64 " + Base64.getEncoder().encodeToString(upper.getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("b64 [REDACTED]");
        assertThat(mixed("k=" + URLEncoder.encode(lower, StandardCharsets.UTF_8) + "&x=1"))
                .isEqualTo("k=[REDACTED]&x=1");
        assertThat(mixed("hex " + HexFormat.of().formatHex(upper.getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("hex [REDACTED]");
    }

    /**
     * A Basic credential whose base64 is wrapped so a line break falls inside the key's characters: the key's base64
     * runs from about character 61 to 97, so MIME's 76 and PEM's 64 fall inside it, as every shorter length does.
     */
    @ParameterizedTest
    @ValueSource(ints = {8, 16, 19, 64, 76})
    void mime_wrapped_base64_of_the_key_is_masked_wherever_the_lines_break(int lineLength) {
        byte[] credential = ("a-long-service-account-name-of-the-vision-lab:" + KEY).getBytes(StandardCharsets.UTF_8);
        String wrapped = Base64.getMimeEncoder(lineLength, "\r\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(credential);
        String pem = Base64.getMimeEncoder(lineLength, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(credential);

        for (String text : new String[] {redacted("Authorization-Echo:\r\n" + wrapped + "\r\nend"),
                redacted("-----BEGIN-----\n" + pem + "\n-----END-----")}) {
            String joined = text.replaceAll("\\s+", "");
            assertThat(text).contains("[REDACTED]");
            for (int prefix = 0; prefix < 3; prefix++) {
                assertThat(joined).doesNotContain(SecretFormsProbe.core(KEY, prefix));
            }
        }
    }

    @Test
    void a_percent_encoding_of_a_percent_encoding_is_masked() {
        String once = URLEncoder.encode(KEY, StandardCharsets.UTF_8);
        String twice = URLEncoder.encode(once, StandardCharsets.UTF_8);
        String fullTwice = fullyEncoded(KEY.getBytes(StandardCharsets.UTF_8)).replace("%", "%25");

        assertThat(redacted("redirect=" + twice + " x")).isEqualTo("redirect=[REDACTED] x");
        assertThat(redacted("redirect=" + fullTwice + " x")).isEqualTo("redirect=[REDACTED] x");
        assertThat(redacted("r=" + fullTwice.replace("%", "%25") + " x")).isEqualTo("r=[REDACTED] x");
    }

    @Test
    void base32_matches_the_rfc_4648_test_vectors() {
        assertThat(Redaction.Base32.encode("".getBytes(StandardCharsets.US_ASCII))).isEmpty();
        assertThat(Redaction.Base32.encode("f".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MY======");
        assertThat(Redaction.Base32.encode("fo".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXQ====");
        assertThat(Redaction.Base32.encode("foo".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXW6===");
        assertThat(Redaction.Base32.encode("foob".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXW6YQ=");
        assertThat(Redaction.Base32.encode("fooba".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXW6YTB");
        assertThat(Redaction.Base32.encode("foobar".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("MZXW6YTBOI======");
    }

    @Test
    void the_keys_base32_is_masked_in_either_case() {
        String encoded = Redaction.Base32.encode(keyBytes());

        assertThat(redacted("totp-like " + encoded + " end")).isEqualTo("totp-like [REDACTED] end");
        assertThat(redacted("t=" + encoded.replace("=", "").toLowerCase(Locale.ROOT) + ";")).isEqualTo("t=[REDACTED];");
    }

    /** The key after 0 to 4 bytes of anything, inside one base32 blob: each alignment is masked. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void the_key_inside_a_base32_blob_is_masked_at_every_alignment(int prefixBytes) {
        byte[] blob = keyAfter(prefixBytes, "trailing");
        String encoded = Redaction.Base32.encode(blob);

        String text = redacted("body: " + encoded);

        assertThat(text).contains("[REDACTED]");
        // the key's middle bytes, which no neighbour touches, are no longer in the text
        String middle = Redaction.Base32.encode(java.util.Arrays.copyOfRange(blob, 5, 15)).substring(0, 16);
        assertThat(text).doesNotContain(middle);
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
