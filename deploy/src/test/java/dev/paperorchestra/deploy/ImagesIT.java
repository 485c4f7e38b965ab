package dev.paperorchestra.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * The nine images (the seven application images, s3proxy and the schema registry) as the local engine holds them
 * ({@code scripts/containers images} builds and loads them;
 * nothing is ever pulled): each one's user, entrypoint, exposed port and size, and, for the two TeX images, a
 * compile inside the container by the agents' own sandbox with bubblewrap required, under the security
 * settings the dev overlay gives the writer's pod. Health endpoints and the images running together are
 * {@code scripts/containers test}'s part.
 *
 * <p>Without an engine, or without the images, the class is skipped saying why, except under {@code CI=true}:
 * CI starts the engine and builds the images first (.ci/run), so there a skip would hide a broken set-up and
 * fails instead.
 */
class ImagesIT {

    private static final Path ROOT = Path.of(System.getProperty("po.deploy.dir", "deploy"))
            .toAbsolutePath().getParent();
    /** Largest accepted image, as the engine counts it (uncompressed); measured sizes in docs/operations.md. */
    private static final long MAX_JRE_IMAGE_BYTES = 450_000_000L;
    private static final long MAX_TEX_IMAGE_BYTES = 1_000_000_000L;
    private static final String USER = "65532:65532";
    private static final List<String> TEX_IMAGES = List.of("writer-agent", "refine-agent");

    private static Map<String, String> images = Map.of();
    private static RenderedOverlay dev;

    @BeforeAll
    static void the_engine_and_the_images() throws Exception {
        // dockerd 20.10 (Debian's docker.io) speaks API 1.41; docker-java would otherwise ask for a newer one
        String apiVersion = System.getenv("DOCKER_API_VERSION");
        if (apiVersion != null && !apiVersion.isBlank() && System.getProperty("api.version") == null) {
            System.setProperty("api.version", apiVersion.strip());
        }
        boolean ci = "true".equals(System.getenv("CI"));
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            skipOrFail(ci, "no Docker engine answers (CI starts one: .ci/run; by hand: dockerd --bridge=none "
                    + "--iptables=false)");
        }
        images = new TreeMap<>(JibImages.read(ROOT).images());
        // the seven application images and the dev overlay's s3proxy and schema registry
        assertThat(images).as("modules with jib.skip=false").hasSize(9);
        List<String> missing = images.values().stream().filter(image -> inspect(image).isEmpty()).toList();
        if (!missing.isEmpty()) {
            skipOrFail(ci, "images not in the engine: " + missing + "; build and load them with "
                    + "scripts/containers images");
        }
        dev = RenderedOverlay.render(RenderedOverlay.kubectl().orElseThrow(
                () -> new AssertionError("kubectl is missing: it renders the dev overlay")), "dev");
    }

    private static void skipOrFail(boolean ci, String why) {
        if (ci) {
            fail("CI=true, yet " + why + ": the engine tests would be skipped");
        }
        // a class skipped in @BeforeAll counts as no test in surefire's summary: say it where it shows
        System.out.println("ImagesIT skipped: " + why);
        assumeTrue(false, why);
    }

    @Test
    void every_image_runs_as_nonroot_through_tini_on_the_overlays_port_within_its_size() {
        List<String> problems = new ArrayList<>();
        images.forEach((module, image) -> {
            InspectImageResponse inspected = inspect(image).orElseThrow();
            var config = Objects.requireNonNull(inspected.getConfig());
            if (!USER.equals(config.getUser())) {
                problems.add(image + " runs as '" + config.getUser() + "', not " + USER);
            }
            List<String> entrypoint = Arrays.asList(Objects.requireNonNullElse(config.getEntrypoint(), new String[0]));
            if (entrypoint.size() < 3 || !entrypoint.subList(0, 3).equals(List.of("/usr/bin/tini", "--", "java"))) {
                problems.add(image + "'s entrypoint is " + entrypoint + ", not tini -- java (tini reaps latexmk's trees)");
            }
            int port = containerPort(module);
            List<ExposedPort> exposed = Arrays.asList(Objects.requireNonNullElse(config.getExposedPorts(),
                    new ExposedPort[0]));
            if (!exposed.contains(ExposedPort.tcp(port))) {
                problems.add(image + " exposes " + exposed + ", the overlay's containerPort is " + port);
            }
            long size = Objects.requireNonNull(inspected.getSize());
            long max = TEX_IMAGES.contains(module) ? MAX_TEX_IMAGE_BYTES : MAX_JRE_IMAGE_BYTES;
            System.out.printf("ImagesIT: %s %d MB%n", image, size / 1_000_000);
            if (size > max) {
                problems.add(image + " is " + size / 1_000_000 + " MB, more than " + max / 1_000_000 + " MB");
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void the_tex_images_compile_under_bubblewrap_with_the_overlays_security_settings() {
        Path testClasses = Path.of(SandboxCompileProbe.class.getProtectionDomain().getCodeSource().getLocation()
                .getPath());
        for (String module : TEX_IMAGES) {
            Map<String, Object> pod = Yamls.map(dev.named("Deployment", module), "spec", "template", "spec");
            Map<String, Object> container = Yamls.list(pod, "containers").getFirst();
            Map<String, Object> podSecurity = Yamls.map(pod, "securityContext");
            Map<String, Object> security = Yamls.map(container, "securityContext");
            try (GenericContainer<?> probe = new GenericContainer<>(DockerImageName.parse(images.get(module)))
                    .withImagePullPolicy(name -> false)
                    .withFileSystemBind(testClasses.toString(), "/probe", BindMode.READ_ONLY)
                    .withTmpFs(Map.of("/tmp", "rw,exec,nosuid,nodev,mode=1777"))
                    .withEnv("TEXMFVAR", "/tmp/texmf-var")
                    .withCreateContainerCmdModifier(cmd -> {
                        cmd.withUser(podSecurity.get("runAsUser") + ":" + podSecurity.get("runAsGroup"))
                                // the container exits 0 either way, so its output is kept for the assertion
                                .withEntrypoint("sh", "-c", "java -cp \"$(cat /app/jib-classpath-file):/probe\" "
                                        + SandboxCompileProbe.class.getName() + "; echo probe-exit=$?");
                        applySecurity(Objects.requireNonNull(cmd.getHostConfig()), podSecurity, security);
                    })
                    .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofMinutes(4)))) {
                try {
                    probe.start();
                } catch (RuntimeException e) {
                    fail(module + ": the sandboxed compile failed inside the container: " + probe.getLogs(), e);
                }
                assertThat(probe.getLogs()).as(module).contains("sandbox=BUBBLEWRAP").contains("run=Exited[exitCode=0]")
                        .contains("probe-exit=0");
            }
        }
    }

    /** The pod's and container's securityContext as Docker settings; what has no mapping fails the test. */
    static void applySecurity(HostConfig host, Map<String, Object> pod, Map<String, Object> container) {
        host.withReadonlyRootfs(Boolean.TRUE.equals(container.get("readOnlyRootFilesystem")))
                .withNetworkMode("none");
        host.withCapDrop(Yamls.strings(container, "capabilities", "drop").stream().map(Capability::valueOf)
                .toArray(Capability[]::new));
        host.withCapAdd(Yamls.strings(container, "capabilities", "add").stream().map(Capability::valueOf)
                .toArray(Capability[]::new));
        List<String> options = new ArrayList<>();
        if (Boolean.FALSE.equals(container.get("allowPrivilegeEscalation"))) {
            options.add("no-new-privileges");
        }
        Map<String, Object> seccomp = new TreeMap<>(Yamls.map(pod, "seccompProfile"));
        seccomp.putAll(Yamls.map(container, "seccompProfile"));
        switch (String.valueOf(seccomp.getOrDefault("type", "RuntimeDefault"))) {
            case "RuntimeDefault" -> { }
            case "Unconfined" -> options.add("seccomp=unconfined");
            // the node's <kubelet seccomp root>/<localhostProfile>: here the vendored file of that name; the API
            // takes the profile's text where the docker command line takes a path
            case "Localhost" -> options.add("seccomp=" + localhostProfile(String.valueOf(seccomp.get("localhostProfile"))));
            default -> fail("seccomp profile " + seccomp + " has no mapping in this test");
        }
        host.withSecurityOpts(options);
    }

    private static String localhostProfile(String name) {
        try {
            return java.nio.file.Files.readString(RenderedOverlay.DEPLOY.resolve("seccomp")
                    .resolve(name.substring(name.indexOf('/') + 1)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private int containerPort(String module) {
        Map<String, Object> pod = Yamls.map(dev.named("Deployment", module), "spec", "template", "spec");
        Map<String, Object> container = Yamls.list(pod, "containers").getFirst();
        return ((Number) Objects.requireNonNull(Yamls.list(container, "ports").getFirst().get("containerPort")))
                .intValue();
    }

    private static Optional<InspectImageResponse> inspect(String image) {
        DockerClient client = DockerClientFactory.instance().client();
        try {
            return Optional.of(client.inspectImageCmd(image).exec());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }
}
