package dev.paperorchestra.deploy;

import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Run inside a TeX image by {@link ImagesIT} (its class path plus this class): the agents' own compile sandbox,
 * bubblewrap required, compiles a document with latexmk in a job directory under /tmp. Prints one line,
 * {@code sandbox=<isolation> run=<outcome> pdf=<bytes>}, and exits 0 only when bubblewrap compiled a PDF.
 */
public final class SandboxCompileProbe {

    private static final String DOCUMENT = """
            \\documentclass{article}
            \\usepackage{booktabs}
            \\usepackage{graphicx}
            \\usepackage{hyperref}
            \\begin{document}
            \\section{Probe}
            A compile inside the container, under the sandbox.
            \\begin{tabular}{ll}\\toprule a & b \\\\ \\bottomrule\\end{tabular}
            \\end{document}
            """;

    private SandboxCompileProbe() {
    }

    public static void main(String[] args) throws Exception {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.BWRAP));
        Path job = Files.createTempDirectory("probe-job");
        Files.writeString(job.resolve("probe.tex"), DOCUMENT);
        SandboxedRun run = sandbox.run(List.of("/usr/bin/latexmk", "-pdf", "-interaction=nonstopmode", "probe.tex"),
                job, Map.of(), Duration.ofMinutes(3), job.resolve("compile.log"));
        Path pdf = job.resolve("probe.pdf");
        long bytes = Files.exists(pdf) ? Files.size(pdf) : 0;
        System.out.println("sandbox=" + sandbox.isolation() + " run=" + run + " pdf=" + bytes);
        if (bytes == 0 && Files.exists(job.resolve("compile.log"))) {
            List<String> log = Files.readAllLines(job.resolve("compile.log"));
            log.subList(Math.max(0, log.size() - 20), log.size()).forEach(System.out::println);
        }
        System.exit(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP && bytes > 0 ? 0 : 1);
    }
}
