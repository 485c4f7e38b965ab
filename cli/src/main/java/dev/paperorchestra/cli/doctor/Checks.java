package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.runtime.llm.gateway.ChatProviders;
import dev.paperorchestra.runtime.llm.gateway.RoleBinding;
import dev.paperorchestra.runtime.llm.provider.ChatProvider;
import dev.paperorchestra.runtime.llm.provider.ChatTurn;
import dev.paperorchestra.runtime.llm.provider.ProviderAnswer;
import dev.paperorchestra.runtime.llm.provider.ProviderCall;
import dev.paperorchestra.runtime.llm.provider.ProviderEndpoint;
import dev.paperorchestra.runtime.llm.provider.ProviderFailure;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/** The doctor's checks; each returns one line and never throws. */
final class Checks {

    static final int MIN_JAVA = 21;
    private static final String PING = "Reply with the single word OK.";

    private Checks() {
    }

    static CheckResult jdk() {
        Runtime.Version version = Runtime.version();
        String where = System.getProperty("java.home");
        String vendor = System.getProperty("java.vendor", "");
        String detail = "Java " + version + " (" + vendor + ") at " + where;
        return version.feature() >= MIN_JAVA ? CheckResult.ok("jdk", detail)
                : CheckResult.failed("jdk", detail + ": Java " + MIN_JAVA + " or newer is needed");
    }

    /**
     * One minimal request per distinct endpoint (roles sharing provider, model and URL are asked once), sent
     * straight to the adapter: no cache, no retries, so the line shows the provider as it is now.
     */
    static List<CheckResult> models(Map<LlmRole, RoleBinding> bindings, Duration timeout) {
        Map<ProviderEndpoint, List<RoleBinding>> byEndpoint = new LinkedHashMap<>();
        bindings.values().forEach(binding -> byEndpoint.computeIfAbsent(binding.endpoint(), e -> new ArrayList<>())
                .add(binding));
        List<CheckResult> results = new ArrayList<>();
        byEndpoint.forEach((endpoint, roles) -> results.add(model(endpoint, roles, timeout)));
        return results;
    }

    private static CheckResult model(ProviderEndpoint endpoint, List<RoleBinding> roles, Duration timeout) {
        String who = String.join(", ", roles.stream().map(b -> b.role().name().toLowerCase(Locale.ROOT)).toList())
                + ": " + endpoint;
        var problem = roles.getFirst().problem();
        if (problem.isPresent()) {
            return CheckResult.failed("llm", who + ": " + problem.get());
        }
        ChatProvider provider = ChatProviders.create(roles.getFirst(), timeout, 16);
        long started = System.nanoTime();
        try {
            ProviderAnswer answer = provider.chat(new ProviderCall("", List.of(ChatTurn.user(PING)), List.of(), null,
                    null, 16, false));
            long millis = (System.nanoTime() - started) / 1_000_000;
            return CheckResult.ok("llm", who + " answered in " + millis + " ms (model " + answer.model() + ")");
        } catch (RuntimeException e) {
            return CheckResult.failed("llm", who + ": " + ProviderFailure.classify(e).reason());
        }
    }

    /** One title search, the cheapest request that proves the endpoint and the key work. */
    static CheckResult scholar(String baseUrl, @Nullable String apiKey, Duration timeout) {
        String url = baseUrl.replaceAll("/+$", "") + "/graph/v1/paper/search?query=transformer&limit=1&fields=title";
        String keyNote = apiKey == null || apiKey.isBlank() ? "no API key: the shared public limit applies"
                : "API key set";
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET();
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("x-api-key", apiKey);
        }
        long started = System.nanoTime();
        try {
            HttpResponse<String> response = client.send(request.build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            long millis = (System.nanoTime() - started) / 1_000_000;
            if (response.statusCode() == 200) {
                return CheckResult.ok("scholar", "Semantic Scholar at " + baseUrl + " answered in " + millis + " ms ("
                        + keyNote + ")");
            }
            String hint = response.statusCode() == 401 || response.statusCode() == 403 ? ": check PO_S2_API_KEY"
                    : response.statusCode() == 429 ? ": rate limited right now; runs space their requests" : "";
            return CheckResult.failed("scholar", "Semantic Scholar at " + baseUrl + " answered HTTP "
                    + response.statusCode() + hint);
        } catch (IOException e) {
            return CheckResult.failed("scholar", "Semantic Scholar at " + baseUrl + " cannot be reached ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + "); set --s2-base-url / PO_S2_BASE_URL to a reachable S2-compatible endpoint");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CheckResult.failed("scholar", "interrupted");
        } catch (IllegalArgumentException e) {
            return CheckResult.failed("scholar", "not a URL: " + baseUrl);
        }
    }

    /**
     * Which sandbox TeX (and every external tool) runs in: bubblewrap when its probe works here, else the
     * weaker fallback, said plainly.
     */
    static CheckResult sandbox(SandboxProperties.Mode mode) {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(mode));
        return switch (sandbox.isolation()) {
            case BUBBLEWRAP -> CheckResult.ok("sandbox", sandbox.describe());
            case FALLBACK -> CheckResult.warning("sandbox", sandbox.describe());
            case REFUSED -> CheckResult.failed("sandbox", sandbox.describe());
        };
    }

    /** latexmk, pdflatex and bibtex answer their version; their first lines are shown. */
    static CheckResult tex(String latexmk) {
        List<String> found = new ArrayList<>();
        for (String[] command : List.of(new String[] {latexmk, "-v"}, new String[] {"pdflatex", "--version"},
                new String[] {"bibtex", "--version"})) {
            String version = firstLine(command);
            if (version == null) {
                return CheckResult.failed("tex", command[0] + " is not installed: on Debian or Ubuntu, apt-get install "
                        + "latexmk texlive-latex-base texlive-latex-recommended texlive-latex-extra "
                        + "texlive-fonts-recommended (without it runs write the LaTeX but no PDF)");
            }
            found.add(version);
        }
        return CheckResult.ok("tex", String.join("; ", found));
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
