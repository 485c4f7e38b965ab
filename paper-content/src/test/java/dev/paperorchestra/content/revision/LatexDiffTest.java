package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatexDiffTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    /** "m²" makes latexdiff warn on stderr ("Missing characters near word ..." over a line of carets). */
    private static final String OLD = """
            \\documentclass{article}
            \\begin{document}
            The sensor covers 2 m² of floor. Depth is estimated from one image.
            \\end{document}
            """;

    @TempDir
    Path directory;

    @Test
    void keeps_latexdiffs_warnings_out_of_the_diff_so_that_the_diff_compiles() {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        LatexDiff latexDiff = new LatexDiff("latexdiff", sandbox, directory.resolve("work"), TIMEOUT);
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, directory.resolve("work"), sandbox);
        assumeTrue(latexDiff.available() && compiler.available(), "latexdiff and latexmk are on PATH");

        LatexDiff.Result result = latexDiff.diff("paper-1", OLD, OLD.replace("one image", "a single image"));

        assertThat(result).isInstanceOfSatisfying(LatexDiff.Result.Diffed.class, diffed -> {
            assertThat(diffed.tex()).contains("\\DIFadd").doesNotContain("Missing characters", "WARNING", "^^");
            assertThat(compiler.compile(new CompileJob("paper-1-diff", diffed.tex(), "", Map.of(), Map.of())))
                    .isInstanceOf(CompileOutcome.Compiled.class);
        });
    }
}
