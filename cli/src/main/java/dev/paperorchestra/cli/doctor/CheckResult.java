package dev.paperorchestra.cli.doctor;

/** One line of the doctor's report. */
public record CheckResult(String name, boolean ok, String detail) {

    static CheckResult ok(String name, String detail) {
        return new CheckResult(name, true, detail);
    }

    static CheckResult failed(String name, String detail) {
        return new CheckResult(name, false, detail);
    }

    String line() {
        return String.format("%-4s %-9s %s", ok ? "OK" : "FAIL", name, detail);
    }
}
