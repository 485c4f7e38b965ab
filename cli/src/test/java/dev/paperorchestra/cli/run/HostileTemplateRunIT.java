package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.cli.testing.StoredRecords;
import dev.paperorchestra.runtime.sandbox.Canary;
import dev.paperorchestra.runtime.sandbox.Executables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A venue template that reads the host from inside the compile, sent through the whole pipeline with
 * {@code po run}: the JVM's environment holds a canary (surefire sets {@code PO_TEST_ENV_CANARY} for this module)
 * and a canary file lies outside every job directory. Each template builds its primitives' names at run time, so
 * the input rules cannot see them and the sandbox is what must hold. Whatever the paper's fate (compiled, or
 * failed with the compile's reason), neither canary may appear in any output or state file (blobs and
 * {@code po.log} included, every PDF's streams decoded), any record or header of any topic, or the console; the
 * canary file is unchanged, and the run ends within its timeout.
 */
class HostileTemplateRunIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    private static final String ENV_CANARY_VARIABLE = "PO_TEST_ENV_CANARY";

    /** What each template does in its preamble; {@code CANARY} stands for the canary file's absolute path. */
    private static String payload(String attack) {
        return switch (attack) {
            // pdfTeX embeds files as PDF streams and ignores openin_any=p: the JVM's environment through /proc
            case "pdftex-proc-environ" -> """
                    \\edef\\p{pdf}
                    \\AtBeginDocument{\\expandafter\\let\\expandafter\\grab\\csname\\p obj\\endcsname
                    \\immediate\\grab stream file {/proc/1/environ}\\pdfrefobj\\pdflastobj
                    \\immediate\\grab stream file {/proc/self/environ}\\pdfrefobj\\pdflastobj}
                    """;
            // LuaTeX: Lua reads any file it can see, and once the PDF is closed replaces it with a link to a host
            // file, which the host would follow when it reads paper.pdf
            case "lualatex-io-and-link" -> """
                    \\edef\\d{direct}
                    \\AtBeginDocument{\\csname\\d lua\\endcsname{
                      local out = {}
                      for _, name in ipairs({"/proc/1/environ", "/proc/self/environ", "CANARY"}) do
                        local f = io.open(name, "rb")
                        if f then table.insert(out, f:read("*a")); f:close() end
                      end
                      tex.print(-2, (table.concat(out, " "):gsub(string.char(0), " ")))
                      luatexbase.add_to_callback("wrapup_run", function()
                        os.remove("paper.pdf"); pcall(lfs.link, "CANARY", "paper.pdf", true)
                      end, "relink")
                    }}
                    """;
            default -> throw new IllegalArgumentException(attack);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"pdftex-proc-environ", "lualatex-io-and-link"})
    void a_template_that_reads_the_host_leaks_nothing_anywhere(String attack) throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        assumeTrue(dev.paperorchestra.runtime.sandbox.Sandbox.detect(
                dev.paperorchestra.runtime.sandbox.SandboxProperties.defaults()).isolation()
                == dev.paperorchestra.runtime.sandbox.Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
        String envCanary = System.getenv(ENV_CANARY_VARIABLE);
        assertThat(envCanary).as("surefire sets " + ENV_CANARY_VARIABLE + " for this module").isNotBlank();
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target"), "hostile-").toAbsolutePath();
        Canary canary = Canary.plant(work.resolve("outside"));
        String canaryDigest = sha256(canary.file());
        Path materials = work.resolve("materials");
        copyExample(materials);
        Path template = materials.resolve("template.tex");
        String tex = Files.readString(template);
        String hostile = payload(attack).replace("CANARY", canary.file().toString());
        if (attack.startsWith("lualatex")) {
            tex = "% !TEX program = lualatex\n" + tex;
        }
        Files.writeString(materials.resolve("venue.sty"), "\\ProvidesPackage{venue}\n" + hostile);
        Files.writeString(template, tex.replace("\\begin{document}", "\\usepackage{venue}\n\\begin{document}"));

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        command.stdout = out;
        command.stderr = out;
        long started = System.nanoTime();
        int exit = new CommandLine(command).execute(materials.toString(), "--offline",
                "--state-dir", work.resolve("state").toString(), "--out", work.resolve("out").toString(),
                "--paper-id", "hostile-" + attack, "--iterations", "1", "--timeout", "PT4M");
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(took).isLessThan(Duration.ofMinutes(5));
        // the run went through the pipeline (the kit passed the checks), so the sandbox was what held
        assertThat(exit).as(console.toString()).isIn(0, RunCommand.PAPER_FAILED);
        assertThat(console.toString()).doesNotContain(envCanary).doesNotContain(canary.secret());
        assertThat(sha256(canary.file())).as("the canary file outside the job").isEqualTo(canaryDigest);
        for (String secret : List.of(envCanary, canary.secret())) {
            assertThat(new Canary(canary.file(), secret).foundIn(work)).as("files holding " + secret).isEmpty();
        }
        StoredRecords stored = StoredRecords.read(work.resolve("state"));
        assertThat(stored.count("paper-status")).isPositive();
        assertThat(stored.holding(List.of(envCanary, canary.secret()))).as("records holding a secret").isEmpty();
        // nothing the run left is a link: a link named paper.pdf would have been followed by whoever reads it
        try (Stream<Path> files = Files.walk(work)) {
            assertThat(files.filter(Files::isSymbolicLink).toList()).isEmpty();
        }
    }

    private static void copyExample(Path materials) throws IOException {
        Files.createDirectories(materials);
        try (Stream<Path> files = Files.list(CVPR)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, materials.resolve(file.getFileName().toString()));
            }
        }
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
