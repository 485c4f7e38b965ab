package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.LatexCompiler;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed with SIGKILL in the middle of a compile leaves no TeX process behind: bubblewrap dies with its
 * parent and takes its PID namespace (latexmk, pdflatex) with it. The compile runs in a child JVM
 * ({@link #main}) so the test can kill it.
 */
class OrphanedTexTest {

    @TempDir
    Path workDir;

    /** The child: compiles a document that loops forever, until it is killed. */
    public static void main(String[] args) {
        String tex = "\\documentclass{article}\n\\begin{document}\nHello.\n\\loop\\iftrue\\repeat\n\\end{document}\n";
        new LatexCompiler("latexmk", Duration.ofMinutes(10), Path.of(args[0]))
                .compile(new CompileJob("orphan", tex, "", Map.of()));
    }

    @Test
    void killing_the_jvm_with_sigkill_leaves_no_tex_process_behind() throws IOException {
        assumeTrue(Executables.find("latexmk").isPresent()
                && Sandbox.detect(SandboxProperties.defaults()).isolation() == Sandbox.Isolation.BUBBLEWRAP,
                "latexmk or a working bubblewrap is missing");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                OrphanedTexTest.class.getName(), workDir.toString())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("child.out").toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(90)).until(() -> tex(child).size() > 0);
            List<ProcessHandle> running = child.descendants().toList();

            child.destroyForcibly();

            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(running).noneMatch(ProcessHandle::isAlive));
        } finally {
            child.descendants().forEach(ProcessHandle::destroyForcibly);
            child.destroyForcibly();
        }
    }

    private static List<ProcessHandle> tex(Process child) {
        return child.descendants().filter(handle -> handle.info().command()
                .map(command -> command.endsWith("pdftex") || command.endsWith("pdflatex")).orElse(false)).toList();
    }
}
