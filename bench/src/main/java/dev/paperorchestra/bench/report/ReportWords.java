package dev.paperorchestra.bench.report;

import java.util.Locale;

/**
 * Keys, gate names and rule ids as the report's prose says them: a reader of report.html should not meet
 * {@code autoratersEnabled} or {@code every_cite_key_is_in_references_bib}.
 */
final class ReportWords {

    private ReportWords() {
    }

    /** {@code autoratersEnabled}, {@code ran_this_invocation} → "autoraters enabled", "ran this invocation". */
    static String ofKey(String key) {
        return key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').replace('-', ' ')
                .toLowerCase(Locale.ROOT).strip();
    }

    /** As {@link #ofKey}, with a capital first letter, for a label standing at the start of a line. */
    static String label(String key) {
        String words = ofKey(key);
        return words.isEmpty() ? words : Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    /** {@code NUMERIC_FIDELITY} or {@code numeric} → "numeric fidelity gate". */
    static String gate(String gate) {
        return ofKey(gate) + " gate";
    }

    /** A finding's rule id ({@code section.stub}, {@code pages.over-limit}) → "section stub", "pages over limit". */
    static String rule(String rule) {
        return rule.replace('.', ' ').replace('-', ' ');
    }
}
