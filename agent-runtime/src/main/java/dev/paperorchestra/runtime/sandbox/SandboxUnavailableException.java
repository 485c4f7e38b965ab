package dev.paperorchestra.runtime.sandbox;

import java.util.List;

/**
 * Bubblewrap is required and cannot run where tools it would confine are installed: the process does not start
 * ({@link Sandbox#requireUsable()}). The message says why and what to do.
 */
public final class SandboxUnavailableException extends IllegalStateException {

    private final String reason;
    private final List<String> tools;

    public SandboxUnavailableException(String reason, List<String> tools) {
        super("compile sandbox: bubblewrap required but unusable (" + reason + "), and " + String.join(", ", tools)
                + " would run here on papers from others; not starting. " + WAYS_OUT);
        this.reason = reason;
        this.tools = List.copyOf(tools);
    }

    /** What an operator can do, in the words of the refusal and of {@code po doctor}. */
    public static final String WAYS_OUT = "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) where "
            + "unprivileged user namespaces are allowed (sysctl user.max_user_namespaces > 0; on Ubuntu 24.04 and "
            + "later an AppArmor profile for bwrap; in a container a seccomp profile that allows unshare and clone "
            + "with namespace flags, see docs/operations.md); or, only for materials you trust on your own machine, "
            + "set po.sandbox.mode=none (PO_SANDBOX_MODE=none, po run --no-sandbox), which runs TeX with its own "
            + "restrictions and the input check only";

    public String reason() {
        return reason;
    }

    public List<String> tools() {
        return tools;
    }
}
