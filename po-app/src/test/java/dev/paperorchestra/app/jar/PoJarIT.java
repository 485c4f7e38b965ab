package dev.paperorchestra.app.jar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar {@code ./po} starts, as it is packaged: every module the commands load is inside it (the
 * paper service's client for the client commands, the bench through its plug-in entry). Test classpaths hold
 * these whatever the jar does, so only the jar itself can show a dependency left out of it.
 */
class PoJarIT {

    private static final Path JAR = Path.of(System.getProperty("po.jar", "target/po-app-0.1.0-SNAPSHOT-exec.jar"));

    @Test
    void the_packaged_po_lists_its_own_commands_and_the_bench_plugin() throws Exception {
        Run help = po("--help");

        assertThat(help.exit()).as(help.output()).isZero();
        assertThat(help.output()).contains("run", "serve", "submit", "doctor", "bench", "simulate")
                .doesNotContain("Exception");
    }

    @Test
    void the_packaged_po_loads_the_bench_and_client_commands() throws Exception {
        for (String command : List.of("bench", "submit", "serve")) {
            Run help = po(command, "--help");
            assertThat(help.exit()).as(command + ": " + help.output()).isZero();
            assertThat(help.output()).as(command).contains("Usage: po " + command).doesNotContain("Exception");
        }
    }

    /**
     * The console is ours: every line {@code po run} and {@code po serve} print is one of their own, never a
     * library's log line (java.util.logging's two-line records from Tomcat or the tracing SDK, logback's status
     * lines, JVM warnings). Ours are the lines these commands print themselves, by their prefixes.
     */
    @Test
    void po_run_and_po_serve_print_only_their_own_lines(@TempDir Path work) throws Exception {
        Path example = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
        Run run = po(work.resolve("run.out"), Map.of(), "run", example.toString(), "--offline", "--no-sandbox",
                "--state-dir", work.resolve("run-state").toString(), "--out", work.resolve("out").toString());
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(foreign(run.output())).as(run.output()).isEmpty();

        Path serveOut = work.resolve("serve.out");
        Process serve = start(serveOut, Map.of("PO_SANDBOX_MODE", "none"), "serve", "--offline",
                "--port", String.valueOf(freePort()), "--agent-port", String.valueOf(freePorts(6)),
                "--state-dir", work.resolve("serve-state").toString());
        try {
            Awaitility.await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> !serve.isAlive() || Files.readString(serveOut).contains("paper service ready at"));
            assertThat(serve.isAlive()).as(Files.readString(serveOut)).isTrue();
        } finally {
            serve.destroy();
            assertThat(serve.waitFor(2, TimeUnit.MINUTES)).as("po serve stops on SIGTERM").isTrue();
        }
        String served = Files.readString(serveOut, StandardCharsets.UTF_8);
        assertThat(served).contains("paper service ready at");
        assertThat(foreign(served)).as(served).isEmpty();
    }

    /** What po run and po serve print themselves: the prefixes of their lines. */
    private static final List<String> OURS = List.of("po: ", "note: ", "NOTICE ", "  ", "[",
            "starting the embedded pipeline", "submitted paper ", "paper written to ", "paper service ready at ",
            "model ", "no model provider configured");

    private static List<String> foreign(String output) {
        return output.lines().filter(line -> !line.isEmpty())
                .filter(line -> OURS.stream().noneMatch(line::startsWith)).toList();
    }

    private record Run(int exit, String output) {
    }

    private static Run po(Path output, Map<String, String> environment, String... args) throws Exception {
        Process process = start(output, environment, args);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("po " + String.join(" ", args) + " ends").isTrue();
        return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /** As {@code ./po} starts it: the same JVM options, stdout and stderr into one file. */
    private static Process start(Path output, Map<String, String> environment, String... args) throws IOException {
        assertThat(JAR).as("the packaged jar (mvn package)").isRegularFile();
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx768m", "-Djava.awt.headless=true", "--enable-native-access=ALL-UNNAMED"));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The first of {@code count} consecutive ports free now, for po serve's six agents. */
    private static int freePorts(int count) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first = freePort();
            if (first + count <= 65_535 && IntStream.range(1, count).allMatch(i -> free(first + i))) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports on loopback");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Run po(String... args) throws IOException, InterruptedException {
        assertThat(JAR).as("the packaged jar (mvn package)").isRegularFile();
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"), "-Xmx256m", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path output = Files.createTempFile("po-jar", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("po " + String.join(" ", args) + " ends").isTrue();
            return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
