package dev.paperorchestra.cli.run;

import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.sandbox.SandboxUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compile sandbox a command on this machine runs its compiles in ({@code po run}, {@code po serve},
 * {@code po revise}, {@code po doctor}'s line), decided once before anything starts: bubblewrap unless the user asked
 * for none ({@code --no-sandbox} or {@code PO_SANDBOX_MODE=none}). Where bubblewrap is required and cannot run while
 * TeX (or another tool it would confine) is installed, the command refuses to start and says why and what to do;
 * the agents it starts get the same choice ({@link #springArgs()}), and would refuse to start themselves.
 *
 * @param sandbox the sandbox as probed here
 * @param bwrap   the bubblewrap command ({@code PO_SANDBOX_BWRAP}, default {@code bwrap})
 */
public record SandboxChoice(Sandbox sandbox, String bwrap) {

    /** What compiling without bubblewrap means, for the notice and the option's help. */
    public static final String WITHOUT_SANDBOX = "TeX runs without bubblewrap, with its own restrictions "
            + "(openin_any=p, no shell escape), an empty environment, resource limits and the input check only; a "
            + "template that gets past the check can read this machine's files and the environment of this process "
            + "(API keys) into paper.pdf. Use it only for materials you trust";

    /**
     * @param noSandbox   the user said {@code --no-sandbox}
     * @param environment the process's variables ({@code PO_SANDBOX_MODE}, {@code PO_SANDBOX_BWRAP})
     */
    public static SandboxChoice of(boolean noSandbox, Map<String, String> environment) {
        SandboxProperties.Mode mode = noSandbox ? SandboxProperties.Mode.NONE
                : SandboxProperties.modeOf(environment.get("PO_SANDBOX_MODE"));
        String bwrap = environment.getOrDefault("PO_SANDBOX_BWRAP", "bwrap");
        return new SandboxChoice(Sandbox.detect(SandboxProperties.defaults().withMode(mode).withBwrap(bwrap)), bwrap);
    }

    public Sandbox.Isolation isolation() {
        return sandbox.isolation();
    }

    /** Why the command must not start: bubblewrap is required and cannot run, and TeX would run here. */
    public Optional<String> refusal() {
        if (sandbox.isolation() != Sandbox.Isolation.REFUSED) {
            return Optional.empty();
        }
        List<String> tools = Sandbox.installedTools();
        if (tools.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("the compile sandbox cannot run here: bubblewrap required but unusable ("
                + sandbox.reason() + "). TeX runs on a template, its kit and revisions only inside it, since "
                + "without it a template can read this machine's files and this process's environment into paper.pdf. "
                + SandboxUnavailableException.WAYS_OUT + ". Nothing was started");
    }

    /** The notice for compiles without bubblewrap, which the user asked for; empty inside bubblewrap. */
    public Optional<String> notice() {
        return sandbox.isolation() == Sandbox.Isolation.FALLBACK
                ? Optional.of("NOTICE compile sandbox: none (--no-sandbox or po.sandbox.mode=none): " + WITHOUT_SANDBOX
                        + "; no LuaLaTeX, and kits that build names or read files are refused")
                : Optional.empty();
    }

    /** The same choice for the agents this command starts in its JVM. */
    public List<String> springArgs() {
        List<String> args = new ArrayList<>();
        if (sandbox.isolation() == Sandbox.Isolation.FALLBACK) {
            args.add("--po.sandbox.mode=none");
        }
        if (!bwrap.equals("bwrap")) {
            args.add("--po.sandbox.bwrap=" + bwrap);
        }
        return args;
    }
}
