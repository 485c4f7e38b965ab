package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.integrity.CitationGate;
import dev.paperorchestra.content.integrity.NumericFidelityGate;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The offline score: how many points the version addresses, less the integrity findings it has. A point is
 * addressed when the version holds the new text of every edit proposed for it (and no longer the old passage an
 * edit replaced); the findings are those of the citation gate (keys, references) and of numeric fidelity against
 * the log and idea, so an edit that breaks a reference or brings a stray number scores below the version without it.
 */
public final class AddressedScore implements RevisionScore {

    private final RevisionMaterials materials;

    public AddressedScore(RevisionMaterials materials) {
        this.materials = materials;
    }

    @Override
    public double score(String tex, List<Edit> edits) {
        String text = normalised(tex);
        Set<String> points = edits.stream().map(Edit::pointId).collect(Collectors.toSet());
        long addressed = points.stream().filter(point -> edits.stream().filter(edit -> edit.pointId().equals(point))
                .allMatch(edit -> addressed(text, edit))).count();
        String bibliography = materials.bibliography() + "\n" + edits.stream().map(Edit::bibEntry)
                .collect(Collectors.joining("\n"));
        int findings = CitationGate.check(tex, bibliography, List.of()).findings().size()
                + NumericFidelityGate.check(tex, materials.experimentalLog(), materials.idea()).findings().size();
        return addressed - findings;
    }

    private static boolean addressed(String text, Edit edit) {
        String after = normalised(edit.after());
        String before = normalised(edit.before());
        return text.contains(after) && (before.isEmpty() || after.contains(before) || !text.contains(before));
    }

    private static String normalised(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }
}
