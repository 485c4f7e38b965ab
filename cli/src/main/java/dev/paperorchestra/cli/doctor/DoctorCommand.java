package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.cli.run.SandboxChoice;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code po doctor}: one line per thing a run needs; exit 0 only when every one is there. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check what a run would use: the JDK, every configured model provider and reviewer panel "
                + "member (one minimal request each), Semantic Scholar, and TeX. Exit 0 only when everything a run needs is there.")
public class DoctorCommand implements Callable<Integer> {

    static final String DEFAULT_S2 = "https://api.semanticscholar.org";

    @Mixin
    ModelOptions models = new ModelOptions();

    @Option(names = "--offline", description = "Check for offline runs: no model provider is needed.")
    boolean offline;

    @Option(names = "--s2-base-url", paramLabel = "URL",
            description = "Semantic Scholar API base URL (default: PO_S2_BASE_URL, else " + DEFAULT_S2 + ").")
    @Nullable String s2BaseUrl;

    @Option(names = "--timeout", defaultValue = "PT30S",
            description = "Longest wait for each outside service, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;

    @Override
    public Integer call() {
        List<DoctorResult> results = new ArrayList<>();
        results.add(DoctorChecks.jdk());
        boolean offlineRun = offline;
        try {
            ProviderSettings providers = ProviderSettings.resolve(models, offline, environment);
            offlineRun = providers.offline();
            if (providers.offline()) {
                results.add(DoctorResult.ok("llm", "offline: deterministic rules, no model (every output is labelled)"));
            } else {
                results.addAll(DoctorChecks.models(providers.bindings(), timeout));
                results.addAll(DoctorChecks.panel(providers.properties(), environment, providers.bindings().values()
                        .stream().map(binding -> binding.endpoint()).collect(java.util.stream.Collectors.toSet()),
                        timeout));
            }
        } catch (IllegalArgumentException e) {
            results.add(DoctorResult.failed("llm", e.getMessage()));
        }
        results.add(scholar(offlineRun));
        results.add(DoctorChecks.tex(environment.getOrDefault("PO_WRITER_LATEXMK", "latexmk")));
        results.add(DoctorChecks.sandbox(SandboxChoice.of(false, environment)));
        results.forEach(result -> stdout.println(result.line()));
        long failed = results.stream().filter(result -> !result.ok()).count();
        stdout.println(failed == 0 ? "po doctor: all " + results.size() + " checks passed"
                : "po doctor: " + failed + " of " + results.size() + " checks failed");
        offlineHint(offlineRun, results).ifPresent(stdout::println);
        return failed == 0 ? 0 : 1;
    }

    /**
     * When only outside services failed, offline mode still works here; a new user should hear that from the
     * doctor rather than find it in the docs.
     */
    static java.util.Optional<String> offlineHint(boolean offlineRun, List<DoctorResult> results) {
        List<DoctorResult> failed = results.stream().filter(result -> !result.ok()).toList();
        boolean outside = failed.stream().anyMatch(result -> OUTSIDE.contains(result.name()));
        if (offlineRun || !outside) {
            return java.util.Optional.empty();
        }
        boolean onlyOutside = failed.stream().allMatch(result -> OUTSIDE.contains(result.name()));
        return java.util.Optional.of("po doctor: offline mode needs neither a model provider nor Semantic Scholar: "
                + (onlyOutside ? "po run --offline works on this machine now" : "po run --offline works once the "
                        + "other failures above are fixed")
                + " (deterministic rules write the paper, every output is labelled offline mode); "
                + "po doctor --offline checks exactly that");
    }

    /** The checks that ask a service outside this machine, which offline runs do not use. */
    private static final java.util.Set<String> OUTSIDE = java.util.Set.of("llm", "scholar");


    private DoctorResult scholar(boolean offlineRun) {
        String configured = s2BaseUrl != null ? s2BaseUrl : environment.get("PO_S2_BASE_URL");
        if (offlineRun && (configured == null || configured.isBlank())) {
            return DoctorResult.ok("scholar", "offline runs replay recorded Semantic Scholar records "
                    + "(scholar_records.json); no request is made");
        }
        return DoctorChecks.scholar(configured == null || configured.isBlank() ? DEFAULT_S2 : configured,
                environment.get("PO_S2_API_KEY"), timeout);
    }
}
