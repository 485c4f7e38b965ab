package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

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
        Sandbox sandbox = Sandbox.detect(new SandboxProperties(limits.mode(), "no-such-bwrap", limits.cpuTime(),
                limits.addressSpace(), limits.fileSize(), limits.openFiles(), limits.jobDirSize()));

        SandboxedRun run = sandbox.run(List.of("/bin/true"), jobDir, Map.of(), Duration.ofSeconds(5),
                jobDir.resolve("out.txt"));

        assertThat(sandbox.isolation()).isEqualTo(Sandbox.Isolation.REFUSED);
        assertThat(run).isInstanceOfSatisfying(SandboxedRun.NotStarted.class, notStarted ->
                assertThat(notStarted.reason()).contains("no-such-bwrap not found"));
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
