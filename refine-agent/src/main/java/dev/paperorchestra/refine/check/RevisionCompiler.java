package dev.paperorchestra.refine.check;

import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import org.jspecify.annotations.Nullable;

/** Compiles a revision with the draft's bibliography and figures. */
public interface RevisionCompiler {

    String NOT_COMPILED = "revision not compiled: refine-agent has no LaTeX toolchain configured";

    /**
     * A compile outcome.
     *
     * @param report how it went (FAILED rejects the revision; SKIPPED, when no TeX is installed, does not)
     * @param pdf    the PDF when it compiled
     */
    record Compiled(CompileReport report, byte @Nullable [] pdf) {
    }

    Compiled compile(RevisionCandidate candidate);

    /** No toolchain: every revision is reported as not compiled. */
    static RevisionCompiler none() {
        return candidate -> new Compiled(CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED)
                .setMessage(NOT_COMPILED).build(), null);
    }
}
