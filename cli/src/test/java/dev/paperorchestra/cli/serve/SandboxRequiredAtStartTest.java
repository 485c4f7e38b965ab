package dev.paperorchestra.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.literature.LiteratureAgentApplication;
import dev.paperorchestra.refine.RefineAgentApplication;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.SandboxFailureAnalyzer;
import dev.paperorchestra.runtime.sandbox.SandboxUnavailableException;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.writer.WriterAgentApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Issue 40: the deploy manifests left {@code po.sandbox.mode} at {@code auto}, so where bubblewrap could not start
 * (a blocked user namespace, a seccomp profile) every agent fell back to TeX beside the JVM. Now an agent and the
 * paper service, started as a deployment starts them (their own Spring application, default mode), refuses to start
 * where bubblewrap cannot run on a machine with TeX: it never becomes ready, and the reason is the failure it ends
 * with. No broker is needed: the refusal comes before any Kafka client connects. {@code po serve}, the deployment on
 * this machine, refuses the same way before it starts anything.
 */
class SandboxRequiredAtStartTest {

    /** A bubblewrap command that is not on PATH: what a machine without bubblewrap looks like. */
    private static final String HIDDEN = "bwrap-hidden-from-path";

    @TempDir
    Path dir;

    static Stream<Arguments> deployments() {
        // every agent and the service get the sandbox from agent-runtime's configuration; a start takes about ten
        // seconds, so the suite starts the two that compile, one that does not, and the service
        Map<String, Supplier<SpringApplicationBuilder>> builders = Map.of(
                "literature-agent", LiteratureAgentApplication::builder,
                "writer-agent", WriterAgentApplication::builder,
                "refine-agent", RefineAgentApplication::builder,
                "paper-service", PaperServiceApplication::builder);
        return builders.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> Arguments.of(entry.getKey(), entry.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deployments")
    void an_agent_or_the_paper_service_does_not_start_without_bubblewrap_where_tex_is_installed(String name,
            Supplier<SpringApplicationBuilder> builder) {
        assumeTrue(Executables.find("latexmk").isPresent(), "TeX is not installed here, so nothing would run unconfined");

        assertThatThrownBy(() -> builder.get().run("--po.sandbox.bwrap=" + HIDDEN,
                "--po.kafka.bootstrap-servers=127.0.0.1:9", "--server.port=0", "--server.address=127.0.0.1",
                "--po.blob.root=" + dir.resolve("blobs"), "--po.kafka.streams-state-dir=" + dir.resolve("streams"),
                "--spring.main.banner-mode=off"))
                .as(name).hasRootCauseInstanceOf(SandboxUnavailableException.class)
                .rootCause().hasMessageContaining("bubblewrap required but unusable (" + HIDDEN + " not found on PATH)")
                .hasMessageContaining("not starting");
    }

    @Test
    void the_failure_report_says_why_and_what_to_do() {
        SandboxUnavailableException refused = new SandboxUnavailableException(HIDDEN + " not found on PATH",
                java.util.List.of("latexmk", "kpsewhich"));

        FailureAnalysis analysis = new SandboxFailureAnalyzer().analyze(refused);

        assertThat(analysis.getDescription()).contains("bubblewrap cannot run here (" + HIDDEN + " not found on PATH)",
                "latexmk, kpsewhich would run on papers from others", "does not start");
        assertThat(analysis.getAction()).contains("apt-get install bubblewrap", "user.max_user_namespaces",
                "seccomp", "po.sandbox.mode=none");
    }

    @Test
    void po_serve_refuses_to_start_without_bubblewrap_before_it_starts_anything() {
        assumeTrue(Executables.find("latexmk").isPresent(), "TeX is not installed here, so nothing would run unconfined");
        ServeCommand command = new ServeCommand();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        command.stdout = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        command.environment = Map.of("PO_SANDBOX_BWRAP", HIDDEN);

        int exit = new picocli.CommandLine(command).execute("--offline", "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(dev.paperorchestra.cli.run.RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("bubblewrap required but unusable (" + HIDDEN + " not found on PATH)");
        assertThat(dir.resolve("state")).doesNotExist();
    }
}
