package dev.paperorchestra.refine.check;

import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.GatesReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The integrity-gate findings a revision introduced. A revision must pass the gates the writer's draft
 * passed; a finding the previous version already had is the writer's to answer for, not a reason to reject
 * every revision of that paper. Findings are compared without their line numbers, which any edit above them
 * shifts (and without word counts, which any edit of a stub changes), and counted, so a second copy of an old problem is still new.
 */
public final class GateRegressions {

    /** Where a finding is ("line 12", "lines 12 and 40") and how long ("a stub of 31 words"): any edit moves both. */
    private static final Pattern WHERE_AND_HOW_LONG = Pattern.compile("\\blines? \\d+(?: and \\d+)?|\\b\\d+ words\\b");

    private GateRegressions() {
    }

    /** Findings of {@code revised} beyond those of {@code previous}, as "[GATE] finding". */
    public static List<String> introduced(GatesReport previous, GatesReport revised) {
        Map<String, Integer> before = new HashMap<>();
        for (GateResult result : previous.results()) {
            for (String finding : result.findings()) {
                before.merge(key(result, finding), 1, Integer::sum);
            }
        }
        List<String> introduced = new ArrayList<>();
        for (GateResult result : revised.results()) {
            for (String finding : result.findings()) {
                String key = key(result, finding);
                int left = before.getOrDefault(key, 0);
                if (left > 0) {
                    before.put(key, left - 1);
                } else {
                    introduced.add("[" + result.gate() + "] " + finding);
                }
            }
        }
        return introduced;
    }

    private static String key(GateResult result, String finding) {
        return result.gate() + " " + WHERE_AND_HOW_LONG.matcher(finding).replaceAll("#");
    }
}
