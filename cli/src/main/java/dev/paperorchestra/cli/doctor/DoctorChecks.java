package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.scholarly.ServiceUnavailableException;
import dev.paperorchestra.literature.verify.s2.SemanticScholarClient;
import dev.paperorchestra.literature.verify.s2.SemanticScholarSettings;
import dev.paperorchestra.reviewer.panel.PanelBindings;
import dev.paperorchestra.reviewer.panel.PanelMember;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.ChatProviders;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.ProviderFailure;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.cli.run.SandboxChoice;
import dev.paperorchestra.runtime.sandbox.SandboxUnavailableException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/** The doctor's checks; each returns one line and never throws. */
final class DoctorChecks {

    static final int MIN_JAVA = 21;
    private static final String PING = "Reply with the single word OK.";

    private DoctorChecks() {
    }

    static DoctorResult jdk() {
        Runtime.Version version = Runtime.version();
        String where = System.getProperty("java.home");
        String vendor = System.getProperty("java.vendor", "");
        String detail = "Java " + version + " (" + vendor + ") at " + where;
        return version.feature() >= MIN_JAVA ? DoctorResult.ok("jdk", detail)
                : DoctorResult.failed("jdk", detail + ": Java " + MIN_JAVA + " or newer is needed");
    }

    /**
     * One minimal request per distinct endpoint (roles sharing provider, model and URL are asked once), sent
     * straight to the adapter: no cache, no retries, so the line shows the provider as it is now.
     */
    static List<DoctorResult> models(Map<LlmRole, RoleBinding> bindings, Duration timeout) {
        Map<ProviderEndpoint, List<RoleBinding>> byEndpoint = new LinkedHashMap<>();
        bindings.values().forEach(binding -> byEndpoint.computeIfAbsent(binding.endpoint(), e -> new ArrayList<>())
                .add(binding));
        List<DoctorResult> results = new ArrayList<>();
        byEndpoint.forEach((endpoint, roles) -> results.add(model(endpoint, roles, timeout)));
        return results;
    }

    private static DoctorResult model(ProviderEndpoint endpoint, List<RoleBinding> roles, Duration timeout) {
        String who = String.join(", ", roles.stream().map(b -> b.role().name().toLowerCase(Locale.ROOT)).toList())
                + ": " + endpoint;
        return ping(who, roles.getFirst(), timeout);
    }

    /**
     * Each member of the reviewer panel ({@code PO_REVIEWER_PANEL_<i>_*}), resolved as the reviewer agent resolves
     * it: one minimal request per member whose endpoint the role checks did not already ask.
     *
     * @param checked endpoints already asked by {@link #models}
     */
    static List<DoctorResult> panel(LlmProperties llm, Map<String, String> env, Set<ProviderEndpoint> checked,
            Duration timeout) {
        List<PanelMember> members;
        try {
            members = ReviewerPanelSettings.members(env);
        } catch (IllegalArgumentException e) {
            return List.of(DoctorResult.failed("llm", "reviewer panel: " + e.getMessage()));
        }
        List<DoctorResult> results = new ArrayList<>();
        Set<ProviderEndpoint> asked = new java.util.HashSet<>(checked);
        for (int i = 0; i < members.size(); i++) {
            RoleBinding binding = PanelBindings.binding(llm, members.get(i), env::get);
            String who = "reviewer panel " + (i + 1) + " (" + members.get(i).focus().label() + "): "
                    + binding.endpoint();
            results.add(asked.add(binding.endpoint()) ? ping(who, binding, timeout)
                    : DoctorResult.ok("llm", who + ": the same endpoint as checked above"));
        }
        return results;
    }

    private static DoctorResult ping(String who, RoleBinding binding, Duration timeout) {
        var problem = binding.problem();
        if (problem.isPresent()) {
            return DoctorResult.failed("llm", who + ": " + problem.get() + "; see docs/model-providers.md");
        }
        ChatProvider provider = ChatProviders.create(binding, timeout, 16);
        long started = System.nanoTime();
        try {
            ProviderAnswer answer = provider.chat(new ProviderCall("", List.of(ChatTurn.user(PING)), List.of(), null,
                    null, 16, false));
            long millis = (System.nanoTime() - started) / 1_000_000;
            return DoctorResult.ok("llm", who + " answered in " + millis + " ms (model " + answer.model() + ")");
        } catch (RuntimeException e) {
            String reason = ProviderFailure.classify(e).reason();
            return DoctorResult.failed("llm", who + ": " + reason + ". Runs send every writing and reviewing step "
                    + "there; " + providerAdvice(reason));
        }
    }

    /** One title search through the verifier's own client, the cheapest request that proves the endpoint and key. */
    static DoctorResult scholar(String baseUrl, @Nullable String apiKey, Duration timeout) {
        String keyNote = apiKey == null || apiKey.isBlank() ? "no API key: the shared public limit applies"
                : "API key set";
        SemanticScholarClient client;
        try {
            client = new SemanticScholarClient(new SemanticScholarSettings(URI.create(baseUrl),
                    apiKey == null ? "" : apiKey.strip(), 1, Duration.ZERO, Duration.ZERO, timeout),
                    RequestSpacer.system("doctor", Duration.ofMillis(1)), Sleeper.SYSTEM, Clock.systemUTC(),
                    new SimpleMeterRegistry());
        } catch (IllegalArgumentException e) {
            return DoctorResult.failed("scholar", "not a URL: " + baseUrl);
        }
        long started = System.nanoTime();
        try {
            int status = client.probe();
            long millis = (System.nanoTime() - started) / 1_000_000;
            if (status == 200) {
                return DoctorResult.ok("scholar", "Semantic Scholar at " + baseUrl + " answered in " + millis + " ms ("
                        + keyNote + ")");
            }
            String hint = status == 401 || status == 403 ? ": check PO_S2_API_KEY"
                    : status == 429 ? ": rate limited right now; runs space their requests" : "";
            return DoctorResult.failed("scholar", "Semantic Scholar at " + baseUrl + " answered HTTP " + status + hint);
        } catch (RetriableException e) {
            String last = e instanceof ServiceUnavailableException outage ? outage.lastFailure() : null;
            return DoctorResult.failed("scholar", "Semantic Scholar at " + baseUrl + " cannot be reached: "
                    + unreachable(URI.create(baseUrl).getHost(), last != null ? last : String.valueOf(e.getMessage()),
                            timeout) + ". Runs look up every citation there; "
                    + "check the network, or set --s2-base-url / PO_S2_BASE_URL to a reachable S2-compatible "
                    + "endpoint");
        } catch (IllegalArgumentException e) {
            return DoctorResult.failed("scholar", "not a URL: " + baseUrl);
        }
    }

    /**
     * Why a service could not be reached, in words, from what its last attempt ended on ("ConnectException",
     * "HTTP 503"; {@link ServiceUnavailableException#lastFailure()}): the client's retry wording is for the
     * service, not for a user. The JDK's
     * client reports a host it cannot resolve as a refused connection too, so the host is looked up here.
     */
    static String unreachable(@Nullable String host, String failure, Duration timeout) {
        if (failure.equals("UnknownHostException") || failure.equals("ConnectException") && !resolves(host)) {
            return "its host name could not be looked up (no network or no DNS on this machine?)";
        }
        if (failure.equals("ConnectException")) {
            return "nothing answered at that address (connection refused)";
        }
        if (failure.contains("Timeout")) {
            return "no answer within " + timeout.toSeconds() + " s";
        }
        if (failure.startsWith("HTTP 429")) {
            return "it is refusing requests for now (HTTP 429, rate limited)";
        }
        if (failure.startsWith("HTTP 5")) {
            return "it answered with a server error (" + failure + ")";
        }
        return "the request failed (" + Redaction.redact(failure) + ")";
    }

    private static boolean resolves(@Nullable String host) {
        if (host == null) {
            return false;
        }
        try {
            java.net.InetAddress.getByName(host);
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** What to do about a provider that did not answer as a run needs, by why it did not. */
    private static String providerAdvice(String reason) {
        if (reason.contains("connection refused") || reason.startsWith("I/O error")) {
            return "start the model server, or check --llm-base-url";
        }
        if (reason.equals("timed out")) {
            return "the server is up but slow or unreachable; check it, or allow more with --timeout";
        }
        if (reason.startsWith("HTTP 429")) {
            return "the provider is rate limiting this key; runs wait and retry, but check the key's quota";
        }
        if (reason.contains("API key")) {
            return "set the provider's key (OPENAI_API_KEY, GEMINI_API_KEY or ANTHROPIC_API_KEY)";
        }
        return "check the provider settings in docs/model-providers.md";
    }

    /**
     * Which sandbox TeX (and every external tool) runs in here: bubblewrap; none, which the user asked for (a
     * warning: it is no boundary against a hostile template); or bubblewrap required and unusable, which fails the
     * doctor when TeX would run, since then agents and the paper service do not start and {@code po run} refuses.
     */
    static DoctorResult sandbox(SandboxChoice choice) {
        Sandbox sandbox = choice.sandbox();
        return switch (sandbox.isolation()) {
            case BUBBLEWRAP -> DoctorResult.ok("sandbox", sandbox.describe());
            case FALLBACK -> DoctorResult.warning("sandbox", sandbox.describe() + "; " + SandboxChoice.WITHOUT_SANDBOX);
            case REFUSED -> choice.refusal().isEmpty()
                    ? DoctorResult.warning("sandbox", sandbox.describe() + "; no tool it would confine is installed "
                            + "here, so nothing runs unconfined")
                    : DoctorResult.failed("sandbox", sandbox.describe() + ": agents and the paper service do not "
                            + "start, po run and po serve refuse (exit 2). " + SandboxUnavailableException.WAYS_OUT);
        };
    }

    /** latexmk, pdflatex and bibtex answer their version; their first lines are shown. */
    static DoctorResult tex(String latexmk) {
        List<String> found = new ArrayList<>();
        for (String[] command : List.of(new String[] {latexmk, "-v"}, new String[] {"pdflatex", "--version"},
                new String[] {"bibtex", "--version"})) {
            String version = firstLine(command);
            if (version == null) {
                return DoctorResult.failed("tex", command[0] + " is not installed: on Debian or Ubuntu, apt-get install "
                        + "latexmk texlive-latex-base texlive-latex-recommended texlive-latex-extra "
                        + "texlive-fonts-recommended (without it runs write the LaTeX but no PDF)");
            }
            found.add(version);
        }
        return DoctorResult.ok("tex", String.join("; ", found));
    }

    private static @Nullable String firstLine(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(20, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                return null;
            }
            return output.lines().map(String::strip).filter(line -> !line.isEmpty()).findFirst().orElse(command[0]);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
