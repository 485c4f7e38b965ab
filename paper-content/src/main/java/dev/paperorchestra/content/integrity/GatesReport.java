package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The results of every gate on one draft.
 *
 * @param results one result per gate, in {@link Gate} order
 */
public record GatesReport(List<GateResult> results) {

    public GatesReport {
        results = List.copyOf(results);
    }

    /** This report with one more result (a gate measured on the PDF, after the text gates). */
    public GatesReport with(GateResult result) {
        List<GateResult> all = new ArrayList<>(results);
        all.add(result);
        return new GatesReport(all);
    }

    /** This report without one gate's result, e.g. the text gates alone. */
    public GatesReport without(Gate gate) {
        return new GatesReport(results.stream().filter(result -> result.gate() != gate).toList());
    }

    /** Whether that gate ran and failed. */
    public boolean failed(Gate gate) {
        return results.stream().anyMatch(result -> result.gate() == gate && !result.passed());
    }

    public boolean passed() {
        return results.stream().allMatch(GateResult::passed);
    }

    /** The gates that failed, e.g. ["NUMERIC_FIDELITY"]. */
    public List<Gate> failedGates() {
        return results.stream().filter(result -> !result.passed()).map(GateResult::gate).toList();
    }

    public int findingCount() {
        return results.stream().mapToInt(result -> result.findings().size()).sum();
    }

    /** The findings as a list for a repair prompt or a notice, grouped by gate; empty when every gate passed. */
    public String findingsText() {
        return results.stream().filter(result -> !result.passed())
                .flatMap(result -> result.findings().stream().map(finding -> "- [" + result.gate() + "] " + finding))
                .collect(Collectors.joining("\n"));
    }

    /** One line for people, e.g. "4 gates passed" or "2 of 4 gates failed (NUMERIC_FIDELITY, FIGURES): 3 findings". */
    public String summary() {
        if (passed()) {
            return results.size() + " gates passed";
        }
        List<Gate> failed = failedGates();
        return failed.size() + " of " + results.size() + " gates failed (" + failed.stream().map(Gate::name)
                .collect(Collectors.joining(", ")) + "): " + findingCount() + " findings";
    }
}
