package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import java.util.List;

/**
 * What one gate found.
 *
 * @param gate     the gate
 * @param checked  how many items it checked (numbers, keys, figures, rules)
 * @param findings what is wrong, typed (rule, location) and said for people; empty when the gate passed
 */
public record GateResult(Gate gate, int checked, List<Finding> findings) {

    public GateResult {
        findings = List.copyOf(findings);
        for (Finding finding : findings) {
            if (finding.gate() != gate) {
                throw new IllegalArgumentException("a " + finding.gate() + " finding in the " + gate + " result: "
                        + finding.message());
            }
        }
    }

    /** A gate that checked this many items and found nothing. */
    public static GateResult passed(Gate gate, int checked) {
        return new GateResult(gate, checked, List.of());
    }

    public boolean passed() {
        return findings.isEmpty();
    }

    /** The findings' sentences, as prompts, notices and summary.json's {@code findings} list them. */
    public List<String> messages() {
        return findings.stream().map(Finding::message).toList();
    }
}
