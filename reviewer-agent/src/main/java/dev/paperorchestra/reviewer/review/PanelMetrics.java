package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.synthesis.PanelAgreement;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;

/**
 * The panel's agreement as metrics, tagged by criterion, never by paper: how far members' scores spread on each
 * criterion, the share of criteria on which two members are within one level, whether each member's own decision
 * is the panel's, and the seats left out.
 */
public final class PanelMetrics {

    static final String SPREAD = "po.reviewer.panel.spread";
    static final String WITHIN_ONE = "po.reviewer.panel.within.one";
    static final String SINGLE_DECISIONS = "po.reviewer.panel.single.decisions";
    static final String ABSENT = "po.reviewer.panel.absent";

    /** Records nothing (tests, code outside Spring). */
    public static final PanelMetrics NONE = new PanelMetrics(null);

    private final @Nullable MeterRegistry registry;

    public PanelMetrics(@Nullable MeterRegistry registry) {
        this.registry = registry;
        if (registry != null) {
            // registered at 0 so "no member failed" is a series on the dashboard, not a missing one
            absent(registry);
        }
    }

    private static Counter absent(MeterRegistry registry) {
        return Counter.builder(ABSENT).description("Panel seats left out after their provider failed past its "
                + "retries (their record dead-lettered; the panel proceeded without them)").register(registry);
    }

    void reviewed(Review review) {
        if (registry == null || !(review instanceof PanelReview panel)) {
            return;
        }
        if (!panel.absent().isEmpty()) {
            absent(registry).increment(panel.absent().size());
        }
        panel.agreement().ifPresent(this::agreement);
    }

    private void agreement(PanelAgreement agreement) {
        MeterRegistry meters = registry;
        if (meters == null) {
            return;
        }
        for (PanelAgreement.CriterionSpread criterion : agreement.criteria()) {
            DistributionSummary.builder(SPREAD).description("Highest minus lowest member score on a rubric criterion")
                    .tag("criterion", criterion.criterion()).register(meters).record(criterion.spread());
        }
        Double withinOne = agreement.meanWithinOne();
        if (withinOne != null) {
            DistributionSummary.builder(WITHIN_ONE).description("Share of rubric criteria on which two members are "
                    + "within one level, mean over the pairs of a review").register(meters).record(withinOne);
        }
        agreement.decisions().values().forEach(decision -> Counter.builder(SINGLE_DECISIONS)
                .description("Members' own decisions, by whether they match the panel's decision")
                .tag("matches", String.valueOf(decision.equals(agreement.panelDecision()))).register(meters)
                .increment());
    }
}
