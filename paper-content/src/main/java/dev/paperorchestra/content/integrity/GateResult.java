package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.util.List;

/**
 * What one gate found.
 *
 * @param gate     the gate
 * @param checked  how many items it checked (numbers, keys, figures, rules)
 * @param findings what is wrong, one sentence each, naming the item and where it is; empty when the gate passed
 */
public record GateResult(Gate gate, int checked, List<String> findings) {

    public GateResult {
        findings = List.copyOf(findings);
    }

    public boolean passed() {
        return findings.isEmpty();
    }
}
