package dev.paperorchestra.runtime.redaction;

import java.util.List;
import java.util.Set;
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
 * <p>The configured keys are kept in a process-wide set on purpose: every sink (static failure descriptions,
 * log converters, the console) must know them, and a key known to one component of the JVM is a secret for all.
 */
public final class Redaction {

    public static final String MASK = "[REDACTED]";
    /** Shorter values are too likely to be ordinary words to be masked wherever they appear. */
    private static final int MIN_SECRET_LENGTH = 8;
    private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

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
            SECRETS.add(secret.strip());
        }
    }

    /** The text without credentials; null stays null. */
    public static @Nullable String redactNullable(@Nullable String text) {
        return text == null ? null : redact(text);
    }

    public static String redact(String text) {
        String result = text;
        for (String secret : SECRETS) {
            if (result.contains(secret)) {
                result = result.replace(secret, MASK);
            }
        }
        for (Rule rule : RULES) {
            Matcher matcher = rule.pattern().matcher(result);
            if (matcher.find()) {
                result = matcher.replaceAll(rule.replacement());
            }
        }
        return result;
    }
}
