package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.latex.LatexIssue;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.Bibliography;
import dev.paperorchestra.model.tex.TexCitations;
import dev.paperorchestra.model.tex.TexCommand;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Citations and cross-references: every {@code \cite} key is an entry of references.bib, every {@code \ref}
 * names a {@code \label} of the paper, and the compile left no citation or reference undefined (no "??" in
 * the PDF). A template's own reference list ({@code thebibliography} with sample {@code \bibitem}s, as IEEE's
 * conference template has) is named as such, with the keys cited from it.
 */
public final class CitationGate {

    /** The cross-reference commands whose keys are labels. */
    static final String[] REFERENCES = {"ref", "eqref", "autoref", "pageref", "cref", "Cref", "nameref", "vref"};

    private CitationGate() {
    }

    public static GateResult check(String tex, String bibliography, List<LatexIssue> compileWarnings) {
        PaperText paper = new PaperText(tex);
        List<Finding> findings = new ArrayList<>();
        Set<String> defined = LatexReferences.bibKeys(bibliography);
        Map<String, TexCommand> samples = sampleItems(paper.document.bibliography(), defined);
        Map<String, TexCommand> cited = new LinkedHashMap<>();
        for (TexCommand cite : paper.document.commands(TexCitations.COMMANDS.toArray(String[]::new))) {
            for (String key : keys(cite.lastText())) {
                cited.putIfAbsent(key, cite);
            }
        }
        cited.forEach((key, cite) -> {
            if (defined.contains(key)) {
                return;
            }
            TexCommand sample = samples.get(key);
            findings.add(sample != null
                    ? paper.at(Gate.CITATIONS, "cite.sample-bibitem", cite.start(), "\\cite{" + key + "} (line "
                            + paper.line(cite.start()) + ") cites a sample reference of the template (\\bibitem{"
                            + key + "} on line " + paper.line(sample.start()) + "), not an entry of references.bib; "
                            + "cite only keys of references.bib")
                    : paper.at(Gate.CITATIONS, "cite.unknown-key", cite.start(), "\\cite key `" + key + "' is not an "
                            + "entry of references.bib; cite only keys of the bibliography or remove the citation"));
        });
        if (!samples.isEmpty()) {
            TexCommand first = samples.values().iterator().next();
            findings.add(paper.at(Gate.CITATIONS, "bibliography.sample-items", first.start(), "paper.tex keeps the "
                    + "template's reference list (thebibliography, line " + paper.line(first.start()) + ") with "
                    + samples.size() + " sample \\bibitem" + (samples.size() == 1 ? "" : "s") + " ("
                    + String.join(", ", samples.keySet().stream().limit(5).toList()) + ") that references.bib does "
                    + "not hold; its numbers collide with the paper's own references: remove it and set the "
                    + "references with \\bibliography{references}"));
        }
        Set<String> labels = new LinkedHashSet<>();
        paper.document.commands("label").forEach(label -> labels.add(label.lastText().strip()));
        Map<String, TexCommand> refs = new LinkedHashMap<>();
        for (TexCommand ref : paper.document.commands(REFERENCES)) {
            for (String label : keys(ref.lastText())) {
                refs.putIfAbsent(label, ref);
            }
        }
        refs.forEach((label, ref) -> {
            if (!labels.contains(label)) {
                findings.add(paper.at(Gate.CITATIONS, "ref.unknown-label", ref.start(), "\\ref{" + label
                        + "} names no \\label in paper.tex (it would print ??)"));
            }
        });
        for (LatexIssue warning : compileWarnings) {
            if (warning.unresolved() && !alreadyReported(warning, cited.keySet(), defined, refs.keySet(), labels)) {
                findings.add(Finding.at(Gate.CITATIONS, "compile.unresolved", PaperText.FILE,
                        Math.max(0, warning.line()), "after compiling: " + warning.describe()
                                + " (it prints ?? in the PDF)"));
            }
        }
        return new GateResult(Gate.CITATIONS, cited.size() + refs.size(), findings);
    }

    /** The {@code \bibitem}s of a reference list written into the document that references.bib does not hold. */
    private static Map<String, TexCommand> sampleItems(Bibliography bibliography, Set<String> defined) {
        Map<String, TexCommand> samples = new LinkedHashMap<>();
        for (TexCommand item : bibliography.items()) {
            String key = item.lastText().strip();
            if (!key.isEmpty() && !defined.contains(key)) {
                samples.putIfAbsent(key, item);
            }
        }
        return samples;
    }

    private static List<String> keys(String list) {
        List<String> keys = new ArrayList<>();
        for (String key : list.split(",")) {
            // \nocite{*} names every entry, not a key
            if (!key.isBlank() && !key.strip().equals("*")) {
                keys.add(key.strip());
            }
        }
        return keys;
    }

    /** A compile warning the static checks already name need not be said twice. */
    private static boolean alreadyReported(LatexIssue warning, Set<String> cited, Set<String> defined,
            Set<String> refs, Set<String> labels) {
        String subject = warning.subject();
        if (subject == null) {
            return false;
        }
        return warning.kind() == LatexIssue.Kind.UNDEFINED_CITATION
                ? cited.contains(subject) && !defined.contains(subject)
                : refs.contains(subject) && !labels.contains(subject);
    }
}
