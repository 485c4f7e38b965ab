package dev.paperorchestra.content.integrity;

import java.util.List;

/**
 * Runs every gate on the text of a draft. Pure: same draft, same report. {@link PageFillGate} needs the PDF and is
 * added by whoever compiled it.
 */
public final class IntegrityGates {

    private IntegrityGates() {
    }

    public static GatesReport check(DraftUnderCheck draft) {
        return new GatesReport(List.of(
                NumericFidelityGate.check(draft.tex(), draft.experimentalLog(), draft.idea(), draft.plan(),
                        draft.plottedTables()),
                CitationGate.check(draft.tex(), draft.bibliography(), draft.compileWarnings()),
                FigureGate.check(draft.tex(), draft.figureFiles(), draft.availableFiles(), draft.kitFiles()),
                StructureGate.check(draft.tex(), draft.mandatorySections(), draft.pdfText()),
                ContentGate.check(draft.tex(), draft.idea() + "\n" + draft.experimentalLog())));
    }
}
