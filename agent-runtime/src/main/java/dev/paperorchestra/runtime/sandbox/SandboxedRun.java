package dev.paperorchestra.runtime.sandbox;

/** How a sandboxed run ended. */
public sealed interface SandboxedRun {

    /** The tool exited by itself (or was killed by a resource limit: see the exit code). */
    record Exited(int exitCode) implements SandboxedRun {
    }

    /** The run took longer than its timeout and its process tree was killed. */
    record TimedOut() implements SandboxedRun {
    }

    /** The job directory grew past its cap; the run was killed and the directory trimmed. */
    record DiskLimitExceeded(long bytes, long limit) implements SandboxedRun {
    }

    /** The tool could not be started (not installed, or the sandbox refused). */
    record NotStarted(String reason) implements SandboxedRun {
    }

    /** The waiting thread was interrupted; the process tree was killed. */
    record Interrupted() implements SandboxedRun {
    }
}
