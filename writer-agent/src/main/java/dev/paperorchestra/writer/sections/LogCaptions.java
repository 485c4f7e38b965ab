package dev.paperorchestra.writer.sections;

import java.util.regex.Pattern;

/**
 * A caption or log heading as the paper states it: without the log's bookkeeping, i.e. a date or entry number
 * in front ("2023-07-10 Degree distribution analysis", "Day 3: ...", "Entry 12 - ...") and a note on where
 * the numbers came from ("(from the experimental log)").
 */
final class LogCaptions {

    private static final Pattern DATED = Pattern.compile(
            "(?i)^\\s*(?:\\[?(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{4}/\\d{1,2}/\\d{1,2}|\\d{1,2}[./]\\d{1,2}[./]\\d{2,4})]?"
                    + "(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2})?)?"
                    + "|(?:day|entry|run|week|session|log entry)\\s*#?\\d+)\\s*(?:[:\\-–—,|.)]\\s*)*");
    private static final Pattern SOURCE_NOTE = Pattern.compile(
            "(?i)\\s*\\((?:from|source:?|data from|taken from)\\s+(?:the\\s+)?(?:experimental\\s+)?(?:log|notes|"
                    + "materials|experimental[_ ]log(?:\\.md)?)\\)");

    private LogCaptions() {
    }

    static String clean(String caption) {
        String cleaned = SOURCE_NOTE.matcher(caption).replaceAll("");
        String undated = DATED.matcher(cleaned).replaceFirst("").strip();
        String result = undated.isEmpty() ? cleaned.strip() : undated;
        return result.isEmpty() ? result : Character.toUpperCase(result.charAt(0)) + result.substring(1);
    }
}
