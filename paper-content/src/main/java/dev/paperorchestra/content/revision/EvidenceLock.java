package dev.paperorchestra.content.revision;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What an edit must satisfy before it touches the paper: it answers a point decided REVISE or ADD; it changes only
 * the section that point concerns; its old passage is in that section exactly once (it was made for this version);
 * it opens no new section and does not end the document; and its new text passes the {@link FabricationAudit}.
 */
public final class EvidenceLock {

    private static final Pattern STRUCTURE = Pattern.compile(
            "\\\\(?:section|chapter|part|appendix|bibliography|bibliographystyle|documentclass|begin\\{document}"
                    + "|end\\{document})\\b");

    private final FabricationAudit audit;

    public EvidenceLock(FabricationAudit audit) {
        this.audit = audit;
    }

    /** The lock's rules, then the audit's findings, all reported together. */
    public EditCheck check(Edit edit, ReviewPoint point, PointDecision decision, String tex) {
        List<String> reasons = new ArrayList<>(lockFindings(edit, point, decision, tex));
        reasons.addAll(audit.findings(edit));
        return EditCheck.of(reasons);
    }

    /** The section-lock rules alone (the audit's findings are counted apart in the summary). */
    public List<String> lockFindings(Edit edit, ReviewPoint point, PointDecision decision, String tex) {
        List<String> reasons = new ArrayList<>();
        if (!edit.pointId().equals(point.id())) {
            reasons.add("the edit answers " + edit.pointId() + ", not " + point.id());
        }
        if (decision.decision() != DecisionKind.REVISE && decision.decision() != DecisionKind.ADD) {
            reasons.add("point " + point.id() + " is decided " + decision.decision() + ", which changes no text");
        }
        if (point.section() == null || !point.section().equals(edit.section())) {
            reasons.add("the edit changes section \"" + edit.section() + "\" but point " + point.id()
                    + " concerns " + (point.section() == null ? "no located section" : "\"" + point.section() + "\""));
        } else if (edit.applyTo(tex).isEmpty()) {
            reasons.add("the passage the edit replaces is not in section \"" + edit.section() + "\" exactly once");
        }
        if ((edit.before() + "\n" + edit.after()).contains("%po-input-")) {
            reasons.add("the edit touches the lines that mark where an inlined file begins or ends");
        }
        if (STRUCTURE.matcher(edit.after()).find() && !STRUCTURE.matcher(edit.before()).find()) {
            reasons.add("the new text changes the document's structure (a section, appendix or bibliography)");
        }
        return reasons;
    }
}
