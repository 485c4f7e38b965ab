package dev.paperorchestra.base.redaction;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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
 * it is, and whatever its case (an upper- or lower-cased key, and the encodings of those): base64 (standard and
 * URL-safe, alone and inside a longer encoded string such as a {@code Basic} {@code user:key} value, at each of
 * the three byte alignments, and line-wrapped as MIME and PEM wrap it), base32 (RFC 4648, either case, at each of
 * the five alignments), URL encoding (partial or full, upper- or lowercase hex, encoded once or again:
 * {@code %2573}), JSON unicode and short escapes, and hex. A key shorter than {@link #MIN_SECRET_LENGTH}
 * characters is refused when it is configured: so short a value cannot be masked wherever it appears without
 * masking ordinary words, and leaving it unmasked would be silent. Model answers go through
 * {@link #redactSecrets} only: they may legitimately hold credential-shaped examples, never a configured key.
 *
 * <p>The configured keys are kept in a process-wide set on purpose: every sink (static failure descriptions,
 * log converters, the console) must know them, and a key known to one component of the JVM is a secret for all.
 */
public final class Redaction {

    public static final String MASK = "[REDACTED]";
    /** Shorter values are too likely to be ordinary words to be masked wherever they appear: refused. */
    public static final int MIN_SECRET_LENGTH = 8;
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

    /**
     * Remembers a configured credential so it is masked wherever it appears; no value (null or blank) is no key.
     *
     * @param setting what the key is, for the refusal: the property or variable that holds it
     * @throws IllegalArgumentException for a key shorter than {@link #MIN_SECRET_LENGTH} characters
     */
    public static void registerSecret(String setting, @Nullable String secret) {
        if (secret == null || secret.isBlank()) {
            return;
        }
        String key = secret.strip();
        if (key.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException(setting + " is " + key.length() + " character(s) long: keys under "
                    + MIN_SECRET_LENGTH + " characters are refused, since so short a value cannot be masked wherever "
                    + "it appears (in logs, statuses, outputs) without masking ordinary words; configure the full key");
        }
        SECRETS.computeIfAbsent(key, SecretForms::of);
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
     * The encodings of one key, of its upper- and its lower-cased forms. Base64 is case-sensitive and matched
     * literally; base32 is matched in either case; the per-character encodings (URL, JSON) can be mixed within one
     * string, so they are one pattern that accepts any of them per character, each letter in either case.
     */
    private record SecretForms(List<String> base64, List<String> base32, Pattern encoded, Pattern base32Pattern) {

        /** A line break as MIME and PEM wrap (or a JSON text shows it), with the indentation of a folded line. */
        private static final String BREAK = "(?:\\r?\\n|\\\\r\\\\n|\\\\n)[ \\t]*";
        /** A run of base64 or base32 characters over two lines or more. */
        private static final Pattern WRAPPED = Pattern.compile("[A-Za-z0-9+/=_-]+(?:" + BREAK
                + "[A-Za-z0-9+/=_-]+)+");
        private static final Pattern LINE_BREAK = Pattern.compile(BREAK);

        static SecretForms of(String secret) {
            List<String> sources = List.of(secret, secret.toUpperCase(Locale.ROOT), secret.toLowerCase(Locale.ROOT))
                    .stream().distinct().toList();
            List<String> base64 = new ArrayList<>();
            List<String> base32 = new ArrayList<>();
            for (String source : sources) {
                byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
                for (Base64.Encoder encoder : List.of(Base64.getEncoder(), Base64.getUrlEncoder())) {
                    String whole = encoder.encodeToString(bytes);
                    base64.add(whole);
                    base64.add(whole.replaceAll("=+$", ""));
                    for (int prefix = 0; prefix < 3; prefix++) {
                        base64.add(base64Core(encoder, bytes, prefix));
                    }
                }
                String whole = Base32.encode(bytes);
                base32.add(whole);
                base32.add(whole.replaceAll("=+$", ""));
                for (int prefix = 0; prefix < 5; prefix++) {
                    base32.add(Base32.core(bytes, prefix));
                }
            }
            // longest first: a padded form is masked whole, not its core with the padding left behind
            Comparator<String> longestFirst = Comparator.comparingInt(String::length).reversed();
            List<String> base32Forms = base32.stream().distinct().sorted(longestFirst).toList();
            return new SecretForms(base64.stream().distinct().sorted(longestFirst).toList(), base32Forms,
                    encodedPattern(secret, sources),
                    Pattern.compile(base32Forms.stream().map(Pattern::quote).collect(Collectors.joining("|")),
                            Pattern.CASE_INSENSITIVE));
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
         * Per character (in each case it has): itself, its percent-encoded UTF-8 bytes (either case of hex,
         * encoded once or more: {@code %73}, {@code %2573}), its JSON unicode escape, a JSON short escape where it
         * has one, {@code +} for a space (and that {@code +} encoded); or the whole key, upper- or lower-cased, as hex.
         */
        static Pattern encodedPattern(String secret, List<String> sources) {
            StringBuilder chars = new StringBuilder();
            secret.codePoints().forEach(c -> {
                Set<String> forms = new LinkedHashSet<>();
                for (int variant : new int[] {c, Character.toUpperCase(c), Character.toLowerCase(c)}) {
                    String text = Character.toString(variant);
                    forms.add(Pattern.quote(text));
                    StringBuilder percent = new StringBuilder();
                    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
                        percent.append("%(?:25)*").append(hexIgnoringCase(HexFormat.of().toHexDigits(b)));
                    }
                    forms.add(percent.toString());
                    StringBuilder json = new StringBuilder();
                    for (char unit : Character.toChars(variant)) {
                        json.append("\\\\u").append(hexIgnoringCase(HexFormat.of().toHexDigits(unit)));
                    }
                    forms.add(json.toString());
                }
                switch (c) {
                    case '/' -> forms.add("\\\\/");
                    case '"' -> forms.add("\\\\\"");
                    case '\\' -> forms.add("\\\\\\\\");
                    case ' ' -> {
                        // a form's '+' encoded in turn by a second encoding
                        forms.add("\\+");
                        forms.add("%(?:25)*2[bB]");
                    }
                    default -> {
                    }
                }
                chars.append("(?:").append(String.join("|", forms)).append(')');
            });
            String hex = sources.stream().map(source -> hexIgnoringCase(HexFormat.of().formatHex(
                    source.getBytes(StandardCharsets.UTF_8)))).distinct().collect(Collectors.joining("|"));
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
            String result = unwrapped(text);
            for (String literal : base64) {
                if (result.contains(literal)) {
                    result = result.replace(literal, MASK);
                }
            }
            Matcher base32Match = base32Pattern.matcher(result);
            if (base32Match.find()) {
                result = base32Match.replaceAll(Matcher.quoteReplacement(MASK));
            }
            Matcher matcher = encoded.matcher(result);
            return matcher.find() ? matcher.replaceAll(Matcher.quoteReplacement(MASK)) : result;
        }

        /**
         * The text with every line-wrapped run of base64 or base32 characters that holds one of the key's forms
         * once its line breaks are taken out masked whole (where the breaks fall inside the key's characters no
         * form matches the wrapped text itself).
         */
        private String unwrapped(String text) {
            if (text.indexOf('\n') < 0 && !text.contains("\\n")) {
                return text;
            }
            Matcher wrapped = WRAPPED.matcher(text);
            StringBuilder out = null;
            int last = 0;
            while (wrapped.find()) {
                String joined = LINE_BREAK.matcher(wrapped.group()).replaceAll("");
                if (base64.stream().anyMatch(joined::contains) || base32Pattern.matcher(joined).find()) {
                    out = out == null ? new StringBuilder(text.length()) : out;
                    out.append(text, last, wrapped.start()).append(MASK);
                    last = wrapped.end();
                }
            }
            return out == null ? text : out.append(text, last, text.length()).toString();
        }
    }

    /** RFC 4648 base32 (A-Z, 2-7, padded with '='), which the JDK does not provide. */
    static final class Base32 {

        private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".toCharArray();

        private Base32() {
        }

        static String encode(byte[] bytes) {
            StringBuilder out = new StringBuilder((bytes.length + 4) / 5 * 8);
            int buffer = 0;
            int bits = 0;
            for (byte b : bytes) {
                buffer = (buffer << 8) | (b & 0xff);
                bits += 8;
                while (bits >= 5) {
                    out.append(ALPHABET[(buffer >> (bits - 5)) & 31]);
                    bits -= 5;
                }
            }
            if (bits > 0) {
                out.append(ALPHABET[(buffer << (5 - bits)) & 31]);
            }
            while (out.length() % 8 != 0) {
                out.append('=');
            }
            return out.toString();
        }

        /**
         * The characters of base32 that depend on the key's bytes alone when it follows {@code prefix} (0 to 4)
         * other bytes: complete 5-byte groups only, without the characters that hold any of the prefix's bits.
         */
        static String core(byte[] key, int prefix) {
            int complete = (prefix + key.length) / 5 * 5;
            byte[] aligned = new byte[complete];
            System.arraycopy(key, 0, aligned, prefix, complete - prefix);
            String encoded = encode(aligned);
            return encoded.substring((8 * prefix + 4) / 5);
        }
    }
}
