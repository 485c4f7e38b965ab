package dev.paperorchestra.app.jar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

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

    private record Run(int exit, String output) {
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
