package dev.paperorchestra.refine.check;

import dev.paperorchestra.content.integrity.GatesReport;
import dev.paperorchestra.model.finding.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The integrity-gate findings a revision introduced. A revision must pass the gates the writer's draft
 * passed; a finding the previous version already had is the writer's to answer for, not a reason to reject
 * every revision of that paper. Findings are compared by their gate and rule, never by their sentences (which
 * carry line numbers and word counts that any edit changes), and counted, so a second finding of an old rule is
 * still new.
 */
public final class GateRegressions {

    private GateRegressions() {
    }

    /** Findings of {@code revised} beyond those of {@code previous}, by gate and rule, in the revision's order. */
    public static List<Finding> introduced(GatesReport previous, GatesReport revised) {
        Map<String, Integer> before = new HashMap<>();
        for (Finding finding : previous.findings()) {
            before.merge(key(finding), 1, Integer::sum);
        }
        List<Finding> introduced = new ArrayList<>();
        for (Finding finding : revised.findings()) {
            String key = key(finding);
            int left = before.getOrDefault(key, 0);
            if (left > 0) {
                before.put(key, left - 1);
            } else {
                introduced.add(finding);
            }
        }
        return introduced;
    }

    private static String key(Finding finding) {
        return finding.gate() + " " + finding.rule();
    }
}
