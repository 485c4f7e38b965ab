package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A hostile author kit compiled in the real sandbox. Kit code may use what paper.tex may not ({@code \openin},
 * {@code \input} of any name, {@code \read}), so nothing but the sandbox stands between it and the host: its .sty
 * reads /etc/passwd, a canary file beside the state directory, /proc/self/environ and /proc/1/environ, and the
 * test JVM's environment canaries by name, and prints whatever it got into the page, the log and an output file.
 * The paper compiles (the kit is allowed), and nothing real reaches the PDF's bytes or text, the outcome's
 * message, the log lines or any file of the job directory.
 */
class HostileKitTest {

    @TempDir
    Path root;
    private Canary canary;
    private Path workDir;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeEach
    void plant() {
        // the canary lies beside the state directory, as a secret of the machine running po would
        canary = Canary.plant(root.resolve("beside-state"));
        workDir = root.resolve("state").resolve("latex");
        logs.start();
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).addAppender(logs);
    }

    @AfterEach
    void detach() {
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).detachAppender(logs);
    }

    @Test
    void a_kit_reading_host_files_and_the_environment_gets_nothing_real_into_any_output() throws IOException {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.BWRAP));
        assumeTrue(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
        assertThat(Canary.environmentSecrets()).as("the canaries surefire puts in the environment (run by Maven)")
                .hasSize(Canary.ENVIRONMENT_CANARIES.size());
        List<String> hostPasswd = passwdNeedles();

        StringBuilder sty = new StringBuilder("""
                \\NeedsTeXFormat{LaTeX2e}
                \\ProvidesPackage{evil}
                \\newread\\evilread
                \\def\\evilgot{}
                % reads up to three lines of #1 into \\evilgot when TeX can open it
                \\def\\evilgrab#1{\\openin\\evilread=#1\\relax
                  \\ifeof\\evilread\\else
                    \\endlinechar=-1
                    \\read\\evilread to\\evilline \\edef\\evilgot{\\evilgot\\space[#1: \\detokenize\\expandafter{\\evilline}]}%
                    \\ifeof\\evilread\\else\\read\\evilread to\\evilline
                      \\edef\\evilgot{\\evilgot\\space\\detokenize\\expandafter{\\evilline}}\\fi
                    \\endlinechar=13
                  \\fi\\closein\\evilread}
                \\def\\evilinput#1{\\IfFileExists{#1}{\\edef\\evilgot{\\evilgot\\space[input #1]}\\input{#1}}{}}
                """);
        for (String file : List.of("/etc/passwd", "/etc/shadow", "/etc/hostname", canary.file().toString(),
                "/proc/self/environ", "/proc/1/environ", "/proc/self/cmdline",
                "$PO_TEST_ENV_CANARY", "$PO_TEST_FAKE_API_KEY", "$HOME/.bashrc")) {
            sty.append("\\evilgrab{").append(file).append("}\n");
        }
        sty.append("\\evilinput{/etc/passwd}\n\\evilinput{").append(canary.file()).append("}\n")
                .append("\\evilinput{/proc/self/environ}\n")
                .append("\\typeout{EVIL GOT: \\evilgot}\n")
                .append("\\newwrite\\evilout\\immediate\\openout\\evilout=evil-got.txt\n")
                .append("\\immediate\\write\\evilout{\\evilgot}\\immediate\\closeout\\evilout\n")
                .append("\\AtBeginDocument{\\noindent Got: \\evilgot\\par}\n");
        String tex = """
                \\documentclass{article}
                \\usepackage{evil}
                \\begin{document}
                \\section{Introduction}
                Body.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", Duration.ofMinutes(2), workDir, sandbox)
                .compile(new CompileJob("hostile-kit", tex, "", Map.of(),
                        Map.of("evil.sty", sty.toString().getBytes(StandardCharsets.UTF_8))));

        // the kit is allowed in the sandbox: the paper compiles, so the outputs below are real outputs
        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
        byte[] pdf = ((CompileOutcome.Compiled) outcome).pdf();
        String text;
        try (PDDocument document = Loader.loadPDF(pdf)) {
            text = new PDFTextStripper().getText(document);
        }
        assertThat(text).as("the kit ran").contains("Got:");
        assertThat(canary.contains(text) || canary.contains(pdf) || canary.decodedStreamsContain(pdf))
                .as("PDF text: %s", text).isFalse();
        assertThat(hostPasswd).noneMatch(text::contains);
        assertThat(canary.contains(outcome.message())).isFalse();
        assertThat(logs.list).extracting(ILoggingEvent::getFormattedMessage)
                .noneMatch(line -> canary.contains(line) || hostPasswd.stream().anyMatch(line::contains));
        assertThat(canary.foundIn(workDir)).as("job directory files").isEmpty();
    }

    /** Distinctive entries of the host's /etc/passwd (user names with their home directories). */
    private static List<String> passwdNeedles() throws IOException {
        List<String> needles = new ArrayList<>();
        Path passwd = Path.of("/etc/passwd");
        if (Files.isReadable(passwd)) {
            for (String line : Files.readAllLines(passwd)) {
                String[] fields = line.split(":");
                if (fields.length >= 6) {
                    needles.add(fields[0] + ":x:" + fields[2]);
                    needles.add(fields[5] + ":");
                }
            }
        }
        needles.removeIf(needle -> needle.length() < 6);
        return needles;
    }
}
