package dev.paperorchestra.runtime.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A control for the hostile suites: compiles a document with latexmk as the compiler does (same engine choice, TeX
 * settings and flags) but without the TeX check in front, so a test can show that what the check refuses does reach
 * the PDF when nothing refuses it.
 */
final class UncheckedCompile {

    private UncheckedCompile() {
    }

    /** The PDF's bytes, empty when none was made. */
    static byte[] pdf(String tex, String engineFlag, Sandbox sandbox, Path job, Duration timeout) {
        try {
            Files.createDirectories(job);
            Files.writeString(job.resolve("paper.tex"), tex, StandardCharsets.UTF_8);
            sandbox.run(List.of(Executables.find("latexmk").orElseThrow().toString(), engineFlag,
                    "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "paper.tex"), job,
                    Map.of("openin_any", "p", "openout_any", "p", "shell_escape", "f"), timeout,
                    job.resolve("latexmk.out"));
            Path pdf = job.resolve("paper.pdf");
            return Files.isRegularFile(pdf) ? Files.readAllBytes(pdf) : new byte[0];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
