package dev.paperorchestra.runtime.redaction;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The one redaction step for text that came from outside or carries credentials (provider and Semantic Scholar
 * error bodies, exception messages, headers) before it reaches a log, the console, an event, a DLT header or an
 * output file. It removes the configured keys themselves, wherever they appear, and anything shaped like a
 * credential: {@code Authorization} values and bearer tokens, {@code x-api-key} / {@code x-goog-api-key} /
 * {@code api-key} headers or fields, {@code key=} and token query parameters, and {@code sk-...} and Google
 * {@code AIza...} keys.
 *
 * <p>A configured key is masked in the forms a proxy, a client library or a model turns it into, not only as
 * it is: base64 (standard and URL-safe, alone and inside a longer encoded string such as a {@code Basic}
 * {@code user:key} value, at each of the three byte alignments), URL encoding (partial or full, upper- or
 * lowercase hex), JSON unicode and short escapes, and hex. Model answers go through
 * {@link #redactSecrets} only: they may legitimately hold credential-shaped examples, never a configured key.
 *
 * <p>The configured keys are kept in a process-wide set on purpose: every sink (static failure descriptions,
 * log converters, the console) must know them, and a key known to one component of the JVM is a secret for all.
 */
public final class Redaction {

    public static final String MASK = "[REDACTED]";
    /** Shorter values are too likely to be ordinary words to be masked wherever they appear. */
    private static final int MIN_SECRET_LENGTH = 8;
    /** Each configured key with every derived form it is masked in. */
    private static final Map<String, SecretForms> SECRETS = new ConcurrentHashMap<>();

    private record Rule(Pattern pattern, String replacement) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("(?i)(authorization[\"']?\\s*[:=]\\s*[\"']?\\s*(?:bearer|basic|token)?\\s*)"
                    + "[^\\s\"',;}\\]]+"), "$1" + MASK),
            new Rule(Pattern.compile("(?i)(\\bbearer\\s+)[A-Za-z0-9._~+/=-]{6,}"), "$1" + MASK),
            new Rule(Pattern.compile("(?i)((?:x-api-key|x-goog-api-key|anthropic-api-key|api[_-]?key|apikey"
                    + "|access[_-]?token|client[_-]?secret)[\"']?\\s*[:=]\\s*[\"']?\\s*)[^\\s\"',;}&\\]]+"),
                    "$1" + MASK),
            new Rule(Pattern.compile("(?i)([?&](?:key|api_key|apikey|access_token|token)=)[^&\\s\"'#]+"),
                    "$1" + MASK),
            new Rule(Pattern.compile("\\bsk-[A-Za-z0-9_-]{12,}"), MASK),
            new Rule(Pattern.compile("\\bAIza[0-9A-Za-z_-]{30,}"), MASK));

    private Redaction() {
    }

    /** Remembers a configured credential so it is masked wherever it appears; blank or short values are ignored. */
    public static void registerSecret(@Nullable String secret) {
        if (secret != null && secret.strip().length() >= MIN_SECRET_LENGTH) {
            SECRETS.computeIfAbsent(secret.strip(), SecretForms::of);
        }
    }

    /** The text without credentials: the configured keys in every derived form, and credential-shaped values. */
    public static String redact(String text) {
        String result = redactSecrets(text);
        for (Rule rule : RULES) {
            Matcher matcher = rule.pattern().matcher(result);
            if (matcher.find()) {
                result = matcher.replaceAll(rule.replacement());
            }
        }
        return result;
    }

    /**
     * The text without any configured key, in any of its derived forms; credential-shaped values that are no
     * configured key are left alone (for model answers, which may quote example headers).
     */
    public static String redactSecrets(String text) {
        String result = text;
        for (SecretForms forms : SECRETS.values()) {
            result = forms.mask(result);
        }
        return result;
    }

    /**
     * The encodings of one key. Base64 is case-sensitive and matched literally; the per-character encodings
     * (URL, JSON) can be mixed within one string, so they are one pattern that accepts any of them per character.
     */
    private record SecretForms(List<String> literals, Pattern encoded) {

        static SecretForms of(String secret) {
            byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
            List<String> literals = new ArrayList<>();
            literals.add(secret);
            for (Base64.Encoder encoder : List.of(Base64.getEncoder(), Base64.getUrlEncoder())) {
                String whole = encoder.encodeToString(bytes);
                literals.add(whole);
                literals.add(whole.replaceAll("=+$", ""));
                for (int prefix = 0; prefix < 3; prefix++) {
                    literals.add(base64Core(encoder, bytes, prefix));
                }
            }
            // longest first: a padded form is masked whole, not its core with the padding left behind
            List<String> distinct = literals.stream().distinct().sorted(Comparator.comparingInt(String::length)
                    .reversed()).toList();
            return new SecretForms(distinct, encodedPattern(secret, bytes));
        }

        /**
         * The characters of base64 that depend on the key's bytes alone when it follows {@code prefix} other
         * bytes: the encoding of (prefix + key) without the characters that mix in a neighbour's bits (the
         * first group's prefix part, the last incomplete group).
         */
        static String base64Core(Base64.Encoder encoder, byte[] key, int prefix) {
            int complete = (prefix + key.length) / 3 * 3;
            byte[] aligned = new byte[complete];
            System.arraycopy(key, 0, aligned, prefix, complete - prefix);
            String encoded = encoder.withoutPadding().encodeToString(aligned);
            int dependent = switch (prefix) {
                case 0 -> 0;
                case 1 -> 2;
                default -> 3;
            };
            return encoded.substring(dependent);
        }

        /**
         * Per character: itself, its percent-encoded UTF-8 bytes (either case of hex), its JSON unicode
         * escape, a JSON short escape where it has one, {@code +} for a space; or the whole key as hex.
         */
        static Pattern encodedPattern(String secret, byte[] bytes) {
            StringBuilder chars = new StringBuilder();
            secret.codePoints().forEach(c -> {
                List<String> forms = new ArrayList<>();
                forms.add(Pattern.quote(Character.toString(c)));
                StringBuilder percent = new StringBuilder();
                for (byte b : Character.toString(c).getBytes(StandardCharsets.UTF_8)) {
                    percent.append('%').append(hexIgnoringCase(HexFormat.of().toHexDigits(b)));
                }
                forms.add(percent.toString());
                StringBuilder json = new StringBuilder();
                for (char unit : Character.toChars(c)) {
                    json.append("\\\\u").append(hexIgnoringCase(HexFormat.of().toHexDigits(unit)));
                }
                forms.add(json.toString());
                switch (c) {
                    case '/' -> forms.add("\\\\/");
                    case '"' -> forms.add("\\\\\"");
                    case '\\' -> forms.add("\\\\\\\\");
                    case ' ' -> forms.add("\\+");
                    default -> {
                    }
                }
                chars.append("(?:").append(String.join("|", forms)).append(')');
            });
            String hex = hexIgnoringCase(HexFormat.of().formatHex(bytes));
            return Pattern.compile(chars + "|" + hex);
        }

        /** Hex digits matched in either case (the rest of the pattern stays case-sensitive). */
        private static String hexIgnoringCase(String hex) {
            StringBuilder out = new StringBuilder();
            for (char digit : hex.toLowerCase(Locale.ROOT).toCharArray()) {
                out.append(Character.isLetter(digit) ? "[" + digit + Character.toUpperCase(digit) + "]" : digit);
            }
            return out.toString();
        }

        String mask(String text) {
            String result = text;
            for (String literal : literals) {
                if (result.contains(literal)) {
                    result = result.replace(literal, MASK);
                }
            }
            Matcher matcher = encoded.matcher(result);
            return matcher.find() ? matcher.replaceAll(Matcher.quoteReplacement(MASK)) : result;
        }
    }
}
