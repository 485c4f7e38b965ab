package dev.paperorchestra.bench.run;

import java.nio.file.Path;

/** How a submitted bench paper ended, whichever backend ran it. */
public sealed interface CaseOutcome {

    /** The paper completed and its outputs are in {@code outputDir}. */
    record Completed(Path outputDir) implements CaseOutcome {
    }

    record Failed(String stage, String reason) implements CaseOutcome {
    }

    record TimedOut(String lastStage) implements CaseOutcome {
    }

    record Cancelled(String reason) implements CaseOutcome {
    }
}
