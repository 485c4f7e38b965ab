package dev.paperorchestra.runtime.sandbox;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Spring Boot's "APPLICATION FAILED TO START" report for a process that refused to start without the sandbox. */
public final class SandboxFailureAnalyzer extends AbstractFailureAnalyzer<SandboxUnavailableException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SandboxUnavailableException cause) {
        return new FailureAnalysis("The compile sandbox is required but bubblewrap cannot run here ("
                + cause.reason() + "), and " + String.join(", ", cause.tools()) + " would run on papers from others. "
                + "This process does not start without it, so no TeX runs unconfined.",
                SandboxUnavailableException.WAYS_OUT + ".", cause);
    }
}
