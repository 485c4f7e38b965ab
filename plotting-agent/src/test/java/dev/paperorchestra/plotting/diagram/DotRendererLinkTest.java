package dev.paperorchestra.plotting.diagram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.plotting.render.FigureSize;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Graphviz leaves in its job directory is read without following a link it made (issue 25, item 3). */
class DotRendererLinkTest {

    @TempDir
    Path root;

    @Test
    void a_rendered_file_that_is_a_link_to_a_host_file_is_refused_not_read() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no POSIX shell");
        Path secret = Files.writeString(root.resolve("secret.txt"), "HOST-SECRET-7d1e");
        // a stand-in for dot that answers every "-o name" with a link to the host file
        Path fakeDot = Files.writeString(root.resolve("fake-dot"), """
                #!/bin/sh
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-o" ]; then ln -s %s "$2"; fi
                  shift
                done
                """.formatted(secret));
        Files.setPosixFilePermissions(fakeDot, PosixFilePermissions.fromString("rwxr-xr-x"));
        Sandbox fallback = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));

        DiagramRenderer.Result result = new DotRenderer(fallback, Duration.ofSeconds(30), 10_000, Optional.of(fakeDot))
                .render("digraph { a -> b }", new FigureSize(3, 2), 100);

        assertThat(result).isInstanceOfSatisfying(DiagramRenderer.Failed.class, failed ->
                assertThat(failed.reason()).contains("refused", "symbolic link").doesNotContain("HOST-SECRET"));
        assertThat(secret).hasContent("HOST-SECRET-7d1e");
    }
}
