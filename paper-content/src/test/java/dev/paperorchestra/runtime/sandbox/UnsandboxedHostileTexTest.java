package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

/**
 * The routes of issue 40 that read a host file or the JVM's environment without bubblewrap, tried as an attacker
 * would with {@code po.sandbox.mode=none}: XeLaTeX's driver specials ({@code pdf:fstream}, {@code pdf:image},
 * {@code pdf:epdf}), which xdvipdfmx carries out whatever {@code openin_any} says; {@code \pdfobj} and LuaTeX's
 * {@code \pdfextension obj} built by {@code \csname} (split by {@code \empty}, lower-cased, through
 * {@code \UseName} and expl3); the superscript catcode that spells {@code ^^} by another name; and the ways to turn
 * text back into commands ({@code \string} or {@code \@backslashchar} with {@code \scantokens}, a file written and
 * read back, the aux file LaTeX reads on its next run). Each names a canary file outside the job and the JVM's
 * {@code /proc/<pid>/environ}, where the test JVM holds two canary variables.
 *
 * <p>A control compiles each document with its own engine and without the check ({@link UncheckedCompile}): the
 * canary reaches the PDF, so the route is real on this TeX. Then the same document goes through the compiler with
 * the sandbox mode {@code none} under each engine (pdfLaTeX, XeLaTeX, LuaLaTeX), as paper.tex and as a kit's
 * {@code .sty}: it is refused before anything runs, and no canary is in the outcome, the job directories or a log.
 */
class UnsandboxedHostileTexTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    /**
     * One route.
     *
     * @param engine the engine it works under, as latexmk's flag
     * @param body   TeX that puts {@code @CANARY@} (a file) and {@code @ENVIRON@} (the JVM's environment) into the PDF
     */
    record Route(String name, String engine, String body) {

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Route> routes() {
        return List.of(
                new Route("xdvipdfmx pdf:fstream", "-xelatex",
                        "\\special{pdf:fstream @leak (@CANARY@)}\\special{pdf:put @resources <</Leak @leak>>}"
                                + "\\special{pdf:fstream @env (@ENVIRON@)}\\special{pdf:put @resources <</Env @env>>}"),
                new Route("xdvipdfmx pdf:image of a host PDF", "-xelatex", "\\special{pdf:image (@HOSTPDF@)}"),
                new Route("xdvipdfmx pdf:epdf of a host PDF", "-xelatex", "\\special{pdf:epdf (@HOSTPDF@)}"),
                new Route("a special built by csname", "-xelatex",
                        "\\csname spe\\empty cial\\endcsname{pdf:fstream @leak (@CANARY@)}"
                                + "\\csname spe\\empty cial\\endcsname{pdf:put @resources <</Leak @leak>>}"),
                new Route("csname pd empty fobj", "-pdf",
                        "\\immediate\\csname pd\\empty fobj\\endcsname stream file {@CANARY@}\\pdfrefobj\\pdflastobj"
                                + "\\immediate\\csname pd\\empty fobj\\endcsname stream file {@ENVIRON@}"
                                + "\\pdfrefobj\\pdflastobj"),
                new Route("expandafter let of a csname", "-pdf",
                        "\\edef\\p{pdf}\\expandafter\\let\\expandafter\\grab\\csname\\p obj\\endcsname"
                                + "\\immediate\\grab stream file {@CANARY@}\\pdfrefobj\\pdflastobj"),
                new Route("lowercase of a csname in capitals", "-pdf",
                        "\\immediate\\lowercase{\\csname PDFOBJ\\endcsname} stream file {@CANARY@}"
                                + "\\pdfrefobj\\pdflastobj"),
                new Route("UseName of a split name", "-pdf",
                        "\\immediate\\UseName{pd\\empty fobj} stream file {@CANARY@}\\pdfrefobj\\pdflastobj"),
                new Route("expl3 tex_pdfobj:D", "-pdf",
                        "\\ExplSyntaxOn \\tex_immediate:D \\tex_pdfobj:D stream~file~{@CANARY@}"
                                + "\\tex_pdfrefobj:D \\tex_pdflastobj:D \\ExplSyntaxOff"),
                new Route("a superscript catcode spelling ^^", "-pdf",
                        "\\catcode`\\!=7 \\immediate\\pd!!66obj stream file {@CANARY@}\\pdfrefobj\\pdflastobj"),
                new Route("string and scantokens", "-pdf",
                        "\\edef\\a{\\string\\pd fobj}\\immediate\\scantokens\\expandafter{\\a\\space stream file "
                                + "{@CANARY@}}\\pdfrefobj\\pdflastobj"),
                new Route("backslashchar and scantokens", "-pdf",
                        "\\makeatletter\\edef\\a{\\@backslashchar pd}\\makeatother\\immediate\\scantokens"
                                + "\\expandafter{\\a fobj stream file {@CANARY@}}\\pdfrefobj\\pdflastobj"),
                new Route("a file written and read back", "-pdf",
                        "\\newwrite\\w\\immediate\\openout\\w=x.tex \\immediate\\write\\w{\\string\\immediate"
                                + "\\string\\pd fobj stream file {@CANARY@}\\string\\pdfrefobj\\string\\pdflastobj}"
                                + "\\immediate\\closeout\\w \\input{x.tex}"),
                new Route("the aux file read on the next run", "-pdf",
                        "\\makeatletter\\immediate\\write\\@auxout{\\string\\immediate\\string\\pd fobj stream file "
                                + "{@CANARY@}\\string\\pdfrefobj\\string\\pdflastobj}\\makeatother"),
                new Route("LuaTeX pdfextension obj built by csname", "-lualatex",
                        "\\immediate\\csname pdf\\empty extension\\endcsname obj file {@CANARY@}"
                                + "\\pdfextension refobj \\numexpr\\pdffeedback lastobj\\relax"));
    }

    private static final List<String> ENGINES = List.of("pdflatex", "xelatex", "lualatex");

    static Stream<Arguments> routesUnderEveryEngine() {
        return routes().stream().flatMap(route -> ENGINES.stream().map(engine -> Arguments.of(route, engine)));
    }

    @TempDir
    Path root;
    private Canary canary;
    private Path hostPdf;
    private Path workDir;
    private Sandbox none;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeEach
    void plant() throws IOException {
        canary = Canary.plant(root.resolve("outside"));
        hostPdf = root.resolve("outside").resolve("host.pdf");
        Files.write(hostPdf, pdfHolding(canary.secret()));
        workDir = root.resolve("jobs");
        none = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));
        logs.start();
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).addAppender(logs);
    }

    @AfterEach
    void detach() {
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).detachAppender(logs);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routes")
    void each_route_leaks_through_tex_when_nothing_refuses_it(Route route) {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        assertThat(Canary.environmentSecrets()).as("the canaries surefire puts in the environment").isNotEmpty();

        byte[] pdf = UncheckedCompile.pdf(document(route, magic(route.engine())), route.engine(), none,
                root.resolve("unchecked"), TIMEOUT);

        assertThat(pdf).as("a PDF was made").isNotEmpty();
        assertThat(canary.contains(pdf) || canary.decodedStreamsContain(pdf)).as("the canary reached the PDF")
                .isTrue();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("routesUnderEveryEngine")
    void without_the_sandbox_each_route_is_refused_before_tex_runs_and_nothing_leaks(Route route, String engine) {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, none)
                .compile(new CompileJob("hostile", document(route, "% !TEX program = " + engine + "\n"), "",
                        Map.of()));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed -> assertThat(failed.errors())
                .allSatisfy(error -> assertThat(error.subject()).isEqualTo("paper.tex")));
        assertThat(outcome.message()).contains("refused before compiling", "without the bubblewrap sandbox");
        assertNothingLeaked(outcome);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routes")
    void without_the_sandbox_a_kit_file_taking_each_route_is_refused_before_tex_runs(Route route) {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        String sty = "\\NeedsTeXFormat{LaTeX2e}\\ProvidesPackage{venue}\n\\AtBeginDocument{" + fill(route.body())
                + "}\n";
        String tex = magic(route.engine()) + "\\documentclass{article}\n\\usepackage{venue}\n\\begin{document}\n"
                + "Hello.\n\\end{document}\n";

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, none)
                .compile(new CompileJob("hostile-kit", tex, "", Map.of(),
                        Map.of("venue.sty", sty.getBytes(StandardCharsets.UTF_8))));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(outcome.message()).contains("refused before compiling", "venue.sty", "bubblewrap");
        assertNothingLeaked(outcome);
    }

    private void assertNothingLeaked(CompileOutcome outcome) {
        assertThat(canary.contains(outcome.message())).as("message: %s", outcome.message()).isFalse();
        assertThat(canary.foundIn(workDir)).as("job directory files").isEmpty();
        assertThat(logs.list).extracting(ILoggingEvent::getFormattedMessage).noneMatch(canary::contains);
    }

    private String document(Route route, String magic) {
        return magic + "\\documentclass{article}\n\\begin{document}\nHello.\n" + fill(route.body())
                + "\n\\end{document}\n";
    }

    private static String magic(String engineFlag) {
        return switch (engineFlag) {
            case "-xelatex" -> "% !TEX program = xelatex\n";
            case "-lualatex" -> "% !TEX program = lualatex\n";
            default -> "";
        };
    }

    private String fill(String body) {
        return body.replace("@CANARY@", canary.file().toString()).replace("@HOSTPDF@", hostPdf.toString())
                .replace("@ENVIRON@", "/proc/" + ProcessHandle.current().pid() + "/environ");
    }

    /** A host PDF whose page shows the text (an imported page keeps its content, not the document's info). */
    private static byte[] pdfHolding(String text) {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.beginText();
                content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                content.newLineAtOffset(72, 700);
                content.showText(text);
                content.endText();
            }
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
