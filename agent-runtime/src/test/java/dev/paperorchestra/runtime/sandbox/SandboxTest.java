package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxTest {

    @TempDir
    Path jobDir;

    @Test
    void the_fallback_says_plainly_that_it_is_not_a_sandbox_and_shows_its_limits() {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));

        assertThat(sandbox.isolation()).isEqualTo(Sandbox.Isolation.FALLBACK);
        assertThat(sandbox.describe()).startsWith("none (disabled by po.sandbox.mode=none)")
                .contains("cpu 300 s, memory 2GB, file 256MB, 256 open files, job directory 512MB");
    }

    @Test
    void a_required_bubblewrap_that_cannot_run_refuses_to_run_anything() {
        SandboxProperties limits = SandboxProperties.defaults().withMode(SandboxProperties.Mode.BWRAP);
        Sandbox sandbox = Sandbox.detect(limits.withBwrap("no-such-bwrap"));

        SandboxedRun run = sandbox.run(List.of("/bin/true"), jobDir, Map.of(), Duration.ofSeconds(5),
                jobDir.resolve("out.txt"));

        assertThat(sandbox.isolation()).isEqualTo(Sandbox.Isolation.REFUSED);
        assertThat(run).isInstanceOfSatisfying(SandboxedRun.NotStarted.class, notStarted ->
                assertThat(notStarted.reason()).contains("no-such-bwrap not found"));
    }

    // hostile (issue 40): under the default mode, a machine where bubblewrap could not start ran TeX unconfined

    private static SandboxProperties hidden(SandboxProperties.Mode mode) {
        // a bubblewrap command that is not on PATH: what a machine without bubblewrap installed looks like
        return SandboxProperties.defaults().withMode(mode).withBwrap("bwrap-hidden-from-path");
    }

    @Test
    void the_default_mode_runs_nothing_where_bubblewrap_cannot_run() {
        Sandbox sandbox = Sandbox.detect(hidden(SandboxProperties.defaults().mode()));

        SandboxedRun run = sandbox.run(List.of("/bin/true"), jobDir, Map.of(), Duration.ofSeconds(5),
                jobDir.resolve("out.txt"));

        assertThat(SandboxProperties.defaults().mode()).isEqualTo(SandboxProperties.Mode.AUTO);
        assertThat(sandbox.isolation()).isEqualTo(Sandbox.Isolation.REFUSED);
        assertThat(run).isInstanceOf(SandboxedRun.NotStarted.class);
        assertThat(sandbox.describe()).startsWith("bubblewrap required but unusable (bwrap-hidden-from-path not found");
    }

    @Test
    void a_process_where_tex_is_installed_refuses_to_start_without_bubblewrap_saying_why_and_what_to_do() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");

        for (SandboxProperties.Mode mode : List.of(SandboxProperties.Mode.AUTO, SandboxProperties.Mode.BWRAP)) {
            Sandbox sandbox = Sandbox.detect(hidden(mode));

            assertThatThrownBy(sandbox::requireUsable).isInstanceOfSatisfying(SandboxUnavailableException.class,
                    refused -> {
                        assertThat(refused.tools()).contains("latexmk");
                        assertThat(refused.getMessage()).contains("bubblewrap required but unusable "
                                + "(bwrap-hidden-from-path not found on PATH)", "not starting",
                                "apt-get install bubblewrap", "po.sandbox.mode=none");
                    });
        }
    }

    @Test
    void only_mode_none_runs_tools_without_bubblewrap_and_then_starts() {
        Sandbox none = Sandbox.detect(hidden(SandboxProperties.Mode.NONE));

        none.requireUsable();

        assertThat(none.isolation()).isEqualTo(Sandbox.Isolation.FALLBACK);
        assertThat(none.describe()).contains("not a boundary against a hostile template");
    }

    @Test
    void the_sandbox_shows_the_tool_only_its_job_directory() throws Exception {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        org.junit.jupiter.api.Assumptions.assumeTrue(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP,
                "bubblewrap cannot run here");
        Files.writeString(jobDir.resolve("mine.txt"), "x");

        SandboxedRun run = sandbox.run(List.of("/bin/sh", "-c", "pwd; ls /; ls /etc; ls; cat /etc/passwd; "
                + "ls /work /home /root"), jobDir, Map.of(), Duration.ofSeconds(30), jobDir.resolve("out.txt"));

        String seen = Files.readString(jobDir.resolve("out.txt"));
        assertThat(run).isInstanceOf(SandboxedRun.Exited.class);
        assertThat(seen).contains("/job", "mine.txt", "usr", "texmf")
                .contains("/etc/passwd: No such file", "cannot access '/work'", "cannot access '/home'");
    }
}
