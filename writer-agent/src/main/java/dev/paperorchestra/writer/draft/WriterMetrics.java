package dev.paperorchestra.writer.draft;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.writer.repair.CheckedDraft;
import dev.paperorchestra.writer.repair.Problem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Locale;

/**
 * The writer's meters, one update per finished draft: how its final compile went, each integrity gate's
 * verdict, and the model repair calls it took. Every tag value is registered at 0 when the agent starts.
 */
public final class WriterMetrics {

    static final String COMPILES = "po.writer.compiles";
    static final String GATE_VERDICTS = "po.writer.gate.verdicts";
    static final String REPAIRS = "po.writer.repairs";
    private static final List<String> COMPILE_OUTCOMES = List.of("compiled", "failed", "skipped");

    private final MeterRegistry registry;

    public WriterMetrics(MeterRegistry registry) {
        this.registry = registry;
        COMPILE_OUTCOMES.forEach(this::compiles);
        for (Gate gate : Gate.values()) {
            verdicts(gate, true);
            verdicts(gate, false);
        }
        for (Problem problem : Problem.values()) {
            repairs(problem);
        }
    }

    void drafted(CheckedDraft checked) {
        compiles(switch (checked.compile()) {
            case CompileOutcome.Compiled compiled -> "compiled";
            case CompileOutcome.Failed failed -> "failed";
            case CompileOutcome.Skipped skipped -> "skipped";
        }).increment();
        for (GateResult result : checked.gates().results()) {
            verdicts(result.gate(), result.passed()).increment();
        }
        repairs(Problem.GATES).increment(checked.repairs().gates());
        repairs(Problem.COMPILE).increment(checked.repairs().compile());
        repairs(Problem.PAGES).increment(checked.repairs().pages());
    }

    private Counter compiles(String outcome) {
        return Counter.builder(COMPILES).description("Drafts by the outcome of their final compile")
                .tag("outcome", outcome).register(registry);
    }

    private Counter verdicts(Gate gate, boolean passed) {
        return Counter.builder(GATE_VERDICTS).description("Integrity gate verdicts on finished drafts")
                .tag("gate", gate.name().toLowerCase(Locale.ROOT)).tag("verdict", passed ? "pass" : "fail")
                .register(registry);
    }

    private Counter repairs(Problem problem) {
        return Counter.builder(REPAIRS).description("Model repair calls made for drafts")
                .tag("problem", problem.name().toLowerCase(Locale.ROOT)).register(registry);
    }
}
