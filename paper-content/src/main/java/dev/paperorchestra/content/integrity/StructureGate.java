package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.List;

/**
 * Structure: the sections the guidelines make mandatory are present (named as {@link SectionRole} knows them, so
 * "Approach" is a method section), every {@code \begin} is closed by its own {@code \end} and braces balance, and
 * the paper is anonymous as its PDF shows it ({@link AnonymityCheck}).
 */
public final class StructureGate {

    /** Deepest heading that can stand for a mandatory section: a "Limitations" subsection of the discussion counts. */
    private static final int MANDATORY_LEVEL = 2;

    private StructureGate() {
    }

    /** The gate on a draft that was not compiled: anonymity is judged on the source. */
    public static GateResult check(String tex, List<String> mandatorySections) {
        return check(tex, mandatorySections, "");
    }

    /**
     * @param pdfText the compiled PDF's text; anonymity is judged on what it shows (empty: on the source)
     */
    public static GateResult check(String tex, List<String> mandatorySections, String pdfText) {
        PaperText paper = new PaperText(tex);
        List<Finding> findings = new ArrayList<>();
        sections(paper, mandatorySections, findings);
        paper.document.environmentProblems().forEach(problem -> findings.add(Finding.of(Gate.STRUCTURE,
                "environment.nesting", problem)));
        String braces = paper.document.braceProblem();
        if (!braces.isEmpty()) {
            findings.add(Finding.of(Gate.STRUCTURE, "braces.unbalanced", braces));
        }
        findings.addAll(AnonymityCheck.findings(paper, pdfText));
        return new GateResult(Gate.STRUCTURE, mandatorySections.size() + 2, findings);
    }

    private static void sections(PaperText paper, List<String> mandatory, List<Finding> findings) {
        List<TexSection> headings = paper.document.sections().stream()
                .filter(section -> section.level() <= MANDATORY_LEVEL).toList();
        for (String required : mandatory) {
            boolean isAbstract = SectionRole.named(required).orElse(SectionRole.OTHER) == SectionRole.ABSTRACT;
            boolean present = isAbstract ? paper.document.abstractContent().isPresent()
                    : headings.stream().anyMatch(section -> SectionRole.satisfies(section.title(), required));
            if (!present) {
                findings.add(Finding.of(Gate.STRUCTURE, "section.missing", "the guidelines require "
                        + (isAbstract ? "an abstract" : "a \"" + required + "\" section") + ", and paper.tex has none"));
            }
        }
    }
}
