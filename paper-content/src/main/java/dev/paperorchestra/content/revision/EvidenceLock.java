package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.TexDocument;
import java.util.ArrayList;
import java.util.List;

/**
 * What an edit must satisfy before it touches the paper: it answers a point decided REVISE or ADD; it changes only
 * the section that point concerns; its old passage is in that section exactly once (it was made for this version);
 * it opens no new section and does not end the document; and its new text passes the {@link FabricationAudit}.
 */
public final class EvidenceLock {

    /** Commands that make the document's structure: an edit may not bring one in. */
    private static final String[] STRUCTURE = {"section", "chapter", "part", "appendix", "bibliography",
        "bibliographystyle", "documentclass"};

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
        if (structural(edit.after()) && !structural(edit.before())) {
            reasons.add("the new text changes the document's structure (a section, appendix or bibliography)");
        }
        return reasons;
    }

    /** Whether a piece of LaTeX holds a heading, the appendix, the bibliography or the document's frame. */
    private static boolean structural(String tex) {
        TexDocument document = TexDocument.parse(tex);
        return !document.commands(STRUCTURE).isEmpty() || document.commands("begin", "end").stream()
                .anyMatch(command -> command.text(0).strip().equals("document"));
    }
}
