package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.runtime.redaction.Redaction;

/**
 * One line of the doctor's report. A warning is usable but weaker than it should be; it does not fail the doctor.
 */
public record CheckResult(String name, boolean ok, String detail, boolean warning) {

    static CheckResult ok(String name, String detail) {
        return new CheckResult(name, true, detail, false);
    }

    static CheckResult warning(String name, String detail) {
        return new CheckResult(name, true, detail, true);
    }

    static CheckResult failed(String name, String detail) {
        return new CheckResult(name, false, detail, false);
    }

    /** The printed line; details may quote an outside service's answer, so they are redacted. */
    String line() {
        return String.format("%-4s %-9s %s", !ok ? "FAIL" : warning ? "WARN" : "OK", name, Redaction.redact(detail));
    }
}
