package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.base.redaction.Redaction;

/**
 * One line of the doctor's report. A warning is usable but weaker than it should be; it does not fail the doctor.
 */
public record DoctorResult(String name, boolean ok, String detail, boolean warning) {

    static DoctorResult ok(String name, String detail) {
        return new DoctorResult(name, true, detail, false);
    }

    static DoctorResult warning(String name, String detail) {
        return new DoctorResult(name, true, detail, true);
    }

    static DoctorResult failed(String name, String detail) {
        return new DoctorResult(name, false, detail, false);
    }

    /** The printed line; details may quote an outside service's answer, so they are redacted. */
    String line() {
        return String.format("%-4s %-9s %s", !ok ? "FAIL" : warning ? "WARN" : "OK", name, Redaction.redact(detail));
    }
}
