package dev.paperorchestra.writer.repair;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.integrity.GatesReport;
import dev.paperorchestra.content.latex.CompileOutcome;
import org.jspecify.annotations.Nullable;

/**
 * A draft after its checks and repairs.
 *
 * @param tex           the final paper.tex
 * @param compile       how its last compile went
 * @param gates         the integrity gates on the final text (with the compile's warnings), and the PAGES gate
 *                      on its PDF
 * @param mainTextPages pages of the main text in the PDF, null without a PDF
 * @param pageLimit     the guidelines' limit, null when they state none
 * @param repairs       the repair calls it took
 */
public record CheckedDraft(String tex, CompileOutcome compile, GatesReport gates, @Nullable Integer mainTextPages,
        @Nullable Integer pageLimit, Repairs repairs) {

    public boolean overPageLimit() {
        return mainTextPages != null && pageLimit != null && mainTextPages > pageLimit;
    }

    /** Past the limit, or (in model mode) short of the floor: the PAGES gate failed. */
    public boolean outOfPageBounds() {
        return gates.failed(Gate.PAGES);
    }
}
