package dev.paperorchestra.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.yaml.snakeyaml.Yaml;

/** The objects {@code kubectl kustomize} renders for one overlay, as SnakeYAML maps. */
record RenderedOverlay(String name, List<Map<String, Object>> objects) {

    static final Path DEPLOY = Path.of(System.getProperty("po.deploy.dir", ".")).toAbsolutePath().normalize();
    /** Every kustomization a platform team applies: the overlays, the namespace and the example Kafka cluster. */
    static final List<String> OVERLAYS = List.of("overlays/dev", "overlays/prod", "overlays/prod-ingress");
    static final List<String> KUSTOMIZATIONS = List.of("overlays/dev", "overlays/prod", "overlays/prod-ingress",
            "namespace", "kafka/prod");
    private static final Map<String, RenderedOverlay> RENDERED = new HashMap<>();

    /**
     * An overlay ("dev") or any kustomization under deploy/k8s ("namespace"), rendered once per test run. Skips the
     * test where kubectl is missing, except under CI=true, where CI's set-up is broken and the test fails.
     */
    static RenderedOverlay cached(String name) throws IOException, InterruptedException {
        Optional<Path> kubectl = kubectl();
        // CI runs the containers suite on the same rendered overlay, so kubectl is there; a skip would hide that
        if (kubectl.isEmpty() && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("CI=true, yet kubectl is missing: the manifest tests would be skipped");
        }
        Assumptions.assumeTrue(kubectl.isPresent(), "kubectl is not installed: the overlays cannot be rendered here");
        synchronized (RENDERED) {
            RenderedOverlay rendered = RENDERED.get(name);
            if (rendered == null) {
                rendered = render(kubectl.get(), name);
                RENDERED.put(name, rendered);
            }
            return rendered;
        }
    }

    /** kubectl on PATH or at /usr/bin/kubectl; empty when neither exists. */
    static Optional<Path> kubectl() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        Path usual = Path.of("/usr/bin/kubectl");
        return Files.isExecutable(usual) ? Optional.of(usual) : Optional.empty();
    }

    static RenderedOverlay render(Path kubectl, String overlay) throws IOException, InterruptedException {
        Path dir = DEPLOY.resolve("k8s").resolve(overlay.contains("/") || !Files.isDirectory(
                DEPLOY.resolve("k8s/overlays").resolve(overlay)) ? overlay : "overlays/" + overlay);
        Process process = new ProcessBuilder(kubectl.toString(), "kustomize", dir.toString())
                .redirectErrorStream(false).start();
        byte[] out = process.getInputStream().readAllBytes();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + dir + " failed: " + err);
        }
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object document : new Yaml().loadAll(new String(out, StandardCharsets.UTF_8))) {
            if (document instanceof Map<?, ?> map) {
                objects.add(cast(map));
            }
        }
        return new RenderedOverlay(overlay, List.copyOf(objects));
    }

    List<Map<String, Object>> ofKind(String kind) {
        return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
    }

    Map<String, Object> named(String kind, String objectName) {
        return ofKind(kind).stream().filter(o -> objectName.equals(Yamls.str(o, "metadata", "name"))).findFirst()
                .orElseThrow(() -> new AssertionError(name + ": no " + kind + " " + objectName));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    @Override
    public String toString() {
        return name;
    }
}
