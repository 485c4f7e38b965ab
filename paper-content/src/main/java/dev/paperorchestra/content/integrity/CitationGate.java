package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.latex.LatexIssue;
import dev.paperorchestra.content.materials.LatexReferences;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Citations and cross-references: every {@code \cite} key is an entry of references.bib, every {@code \ref}
 * names a {@code \label} of the paper, and the compile left no citation or reference undefined (no "??" in
 * the PDF).
 */
public final class CitationGate {

    private static final Pattern REF = Pattern.compile(
            "\\\\(?:ref|eqref|autoref|pageref|cref|Cref|nameref)\\*?\\{([^}]*)}");
    private static final Pattern LABEL = Pattern.compile("\\\\label\\{([^}]*)}");

    private CitationGate() {
    }

    public static GateResult check(String tex, String bibliography, List<LatexIssue> compileWarnings) {
        List<String> findings = new ArrayList<>();
        SequencedSet<String> cited = LatexReferences.citeKeys(tex);
        Set<String> defined = LatexReferences.bibKeys(bibliography);
        for (String key : cited) {
            if (!defined.contains(key)) {
                findings.add("\\cite key `" + key + "' is not an entry of references.bib; cite only keys of "
                        + "the bibliography or remove the citation");
            }
        }
        String text = LatexReferences.withoutComments(tex);
        Set<String> labels = all(LABEL, text);
        Set<String> refs = new LinkedHashSet<>();
        Matcher ref = REF.matcher(text);
        while (ref.find()) {
            for (String label : ref.group(1).split(",")) {
                refs.add(label.strip());
            }
        }
        for (String label : refs) {
            if (!labels.contains(label)) {
                findings.add("\\ref{" + label + "} names no \\label in paper.tex (it would print ??)");
            }
        }
        for (LatexIssue warning : compileWarnings) {
            if (warning.unresolved() && !alreadyReported(warning, cited, defined, refs, labels)) {
                findings.add("after compiling: " + warning.describe() + " (it prints ?? in the PDF)");
            }
        }
        return new GateResult(Gate.CITATIONS, cited.size() + refs.size(), findings);
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

    private static Set<String> all(Pattern pattern, String text) {
        Set<String> values = new LinkedHashSet<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            values.add(matcher.group(1).strip());
        }
        return values;
    }
}
