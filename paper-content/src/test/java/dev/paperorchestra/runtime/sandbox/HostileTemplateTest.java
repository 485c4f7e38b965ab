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
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;
import org.springframework.util.unit.DataSize;

/**
 * Hostile templates compiled in the real sandbox. Each case is a paper.tex (and references.bib) that tries to
 * read a secret (the test JVM's environment canaries, a canary file outside the job), to publish a host file, to
 * change a file outside the job, or to run forever. Whatever the outcome (refused by the input rules, failed,
 * compiled), every case asserts: no canary in the outcome's message, the PDF (raw and every decoded stream),
 * any file left in the job directories, or any log line; no file outside the job changed, appeared or vanished;
 * the run ended within its limit. Most cases take their primitives from a kit file ({@code smuggle.sty}) that
 * builds the names at run time, so the TeX check on paper.tex ({@code TexPrimitives}) cannot see them (a kit may
 * build names inside bubblewrap): the sandbox is what is tested.
 */
class HostileTemplateTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SHORT = Duration.ofSeconds(6);
    /** Allowance for latexmk start-up and the process tree's teardown on top of a run's timeout. */
    private static final Duration SLACK = Duration.ofSeconds(20);
    private static final int BIG_FILE_BYTES = 2 * 1024 * 1024;
    /** A canary below the build's own directory (under /work on the CI and development machines). */
    private static final Path WORK_CANARY = Path.of("target", "hostile-canary", "canary.txt");

    /**
     * The kit every case loads: names for pdfTeX's file primitives, built while TeX runs. {@code \Obj} is
     * {@code \pdfobj}, {@code \Input} the primitive {@code \input}, {@code \Lua} LuaTeX's {@code \directlua},
     * {@code \Special} a driver special, {@code \XePdf} XeTeX's PDF import, {@code \HostFont} a font by host path.
     */
    private static final String SMUGGLE = """
            \\ProvidesPackage{smuggle}
            \\edef\\p{pdf}\\edef\\i{in}\\edef\\o{open}\\edef\\W{write}
            \\expandafter\\let\\expandafter\\Obj\\csname\\p obj\\endcsname
            \\expandafter\\let\\expandafter\\Dump\\csname\\p filedump\\endcsname
            \\expandafter\\let\\expandafter\\Ximage\\csname\\p ximage\\endcsname
            \\expandafter\\let\\expandafter\\Md\\csname\\p mdfivesum\\endcsname
            \\expandafter\\let\\expandafter\\Size\\csname\\p filesize\\endcsname
            \\expandafter\\let\\expandafter\\Moddate\\csname\\p filemoddate\\endcsname
            \\expandafter\\let\\expandafter\\Openin\\csname\\o\\i\\endcsname
            \\expandafter\\let\\expandafter\\Openout\\csname\\o out\\endcsname
            \\expandafter\\let\\expandafter\\Input\\csname @@\\i put\\endcsname
            \\expandafter\\let\\expandafter\\Write\\csname\\W\\endcsname
            \\edef\\D{direct}\\expandafter\\let\\expandafter\\Lua\\csname\\D lua\\endcsname
            \\let\\Special\\special
            \\expandafter\\let\\expandafter\\XePdf\\csname XeTeX\\p file\\endcsname
            \\def\\HostFont#1{\\font\\f="[#1]" at 10pt \\f x}
            """;

    private enum Limits { DEFAULT, SMALL_DISK }

    /**
     * One hostile template.
     *
     * @param name    what it tries
     * @param tex     paper.tex; {@code @CANARY@} is the canary file, {@code @OUT@} the directory outside the job,
     *                {@code @WORK@} a canary file in the build's target directory,
     *                {@code @BIG@} a 2 MB host file, {@code @JVM@} the test JVM's pid
     * @param bib     references.bib
     * @param subject when set, the PDF's /Subject must be exactly this (info leaks: sizes, dates, digests)
     */
    record Case(String name, String tex, String bib, Limits limits, Duration timeout, @Nullable String subject) {

        @Override
        public String toString() {
            return name;
        }
    }

    /** Embeds a file in the PDF with {@code \\pdfobj} (its name built at run time). */
    private static String embed(String path) {
        return "\\immediate\\Obj stream file {" + path + "}\\pdfrefobj\\pdflastobj";
    }

    /** Reads a file's first line into the page with {@code \\openin} (its name built at run time). */
    private static String read(String path) {
        return "\\newread\\r \\Openin\\r=" + path + " \\ifeof\\r\\else\\read\\r to\\l Read: \\l.\\fi ";
    }

    /** Writes a line to a file with {@code \\openout} (its name built at run time). */
    private static String write(String path) {
        return "\\newwrite\\w \\immediate\\Openout\\w=" + path + " \\immediate\\Write\\w{overwritten}"
                + "\\immediate\\closeout\\w";
    }

    private static Case pdf(String name, String body) {
        return new Case(name, document("", body), "", Limits.DEFAULT, TIMEOUT, null);
    }

    private static String document(String magic, String body) {
        return magic + "\\documentclass{article}\n\\usepackage{smuggle}\n\\begin{document}\nHello.\n" + body
                + "\n\\end{document}\n";
    }

    private static String lua(String code) {
        // \directlua by a name the kit built at run time; the Lua code avoids TeX's special characters
        return "\\Lua{" + code + "}";
    }

    /** Lua that puts what it read both on the page and in a raw PDF stream, where the search finds it as is. */
    private static final String LUA_READ = "local function show(s) if s then pdf.immediateobj(\"stream\", s) "
            + "tex.sprint(-2, (s:gsub(string.char(0), \" \"))) end end local function read(path) "
            + "local f = io.open(path, \"rb\") if f then local s = f:read(\"a\") f:close() show(s) end end ";

    static List<Case> cases() {
        String luaMagic = "% !TEX program = lualatex\n";
        String xeMagic = "% !TEX program = xelatex\n";
        return List.of(
                // finding 1 as filed: the keyword in capitals, and the other spellings the input rules missed
                pdf("pdfobj FILE of /proc/1/environ",
                        "\\immediate\\pdfobj stream FILE {/proc/1/environ}\\pdfrefobj\\pdflastobj"),
                pdf("pdfobj with a ^^ escape", "\\immediate\\pdfobj stream ^^66ile {/proc/1/environ}"
                        + "\\pdfrefobj\\pdflastobj"),
                pdf("pdfobj after a catcode change", "\\catcode`\\|=0 |immediate|pdfobj stream file "
                        + "{/proc/1/environ}|pdfrefobj|pdflastobj"),
                pdf("csname empty pdfobj", "\\immediate\\csname\\empty pdfobj\\endcsname stream file "
                        + "{/proc/1/environ}\\pdfrefobj\\pdflastobj"),
                pdf("def kw file", "\\def\\kw{fi}\\def\\kx{le}\\immediate\\pdfobj stream \\kw\\kx "
                        + "{/proc/1/environ}\\pdfrefobj\\pdflastobj"),
                // the sandbox alone: every route to an environment or a host file, with names the rules cannot see
                // the sandbox alone: every route to an environment or a host file, with names the rules cannot see;
                // one route per compile, as the first missing file stops TeX
                pdf("smuggled pdfobj of /proc/1/environ", embed("/proc/1/environ")),
                pdf("smuggled pdfobj of /proc/self/environ", embed("/proc/self/environ")),
                pdf("smuggled pdfobj of the JVM's /proc/<pid>/environ", embed("/proc/@JVM@/environ")),
                pdf("smuggled pdfobj of /proc/1/cmdline", embed("/proc/1/cmdline")),
                pdf("smuggled pdfobj of /proc/self/mountinfo", embed("/proc/self/mountinfo")),
                pdf("smuggled pdfobj of /proc/1/root and the canary", embed("/proc/1/root@CANARY@")),
                pdf("smuggled pdfobj of the canary in host /tmp", embed("@CANARY@")),
                pdf("smuggled pdfobj of a canary under /work", embed("@WORK@")),
                pdf("smuggled pdfobj of /sys", embed("/sys/class/net/lo/address")),
                pdf("smuggled pdfobj of /dev/stdin", embed("/dev/stdin")),
                pdf("smuggled pdfobj of /root", embed("/root/.bashrc")),
                pdf("smuggled pdfobj of /etc/passwd", embed("/etc/passwd")),
                pdf("smuggled pdffiledump of /proc/1/environ and the canary",
                        "A: \\Dump offset 0 length 400 {/proc/1/environ}. B: \\Dump offset 0 length 60 {@CANARY@}."),
                pdf("smuggled input of the canary", "\\Input{@CANARY@}"),
                pdf("smuggled input of /proc/self/environ", "\\Input{/proc/self/environ}"),
                pdf("smuggled openin of /proc/1/environ, /proc/self/environ and the canary",
                        read("/proc/1/environ") + read("/proc/self/environ") + read("@CANARY@") + read("@WORK@")),
                pdf("smuggled pdfximage of /proc/self/environ", "\\Ximage{/proc/self/environ}"),
                pdf("smuggled pdfximage of the canary", "\\Ximage{@CANARY@}"),
                new Case("pdffilesize, moddate and md5 of a host file", document("",
                        "\\pdfinfo{/Subject (S=\\Size{@CANARY@};D=\\Moddate{@CANARY@};M=\\Md file{@CANARY@})}"),
                        "", Limits.DEFAULT, TIMEOUT, "S=;D=;M="),
                pdf("openout over the job's inputs",
                        "\\newwrite\\w \\immediate\\Openout\\w=references.bib \\immediate\\Write\\w{@CANARY@}"
                                + "\\immediate\\closeout\\w \\immediate\\Openout\\w=paper.tex "
                                + "\\immediate\\Write\\w{x}\\immediate\\closeout\\w"),
                pdf("openout to the job's parent", write("../escaped.tex")),
                pdf("openout to a new file outside the job", write("@OUT@/new.tex")),
                pdf("openout over the canary file", write("@CANARY@")),
                pdf("write18 and a piped input", "\\immediate\\Write18{touch @OUT@/pwned}"
                        + "\\Input|\"touch @OUT@/piped\" "),
                pdf("special", "\\Special{pdf:fileobj @CANARY@}\\Special{ps: (@CANARY@) run}"
                        + "\\Special{header=@CANARY@}"),
                new Case("xelatex pdf:fstream of the canary and the JVM's environment", document(xeMagic,
                        "\\Special{pdf:fstream @leak (@CANARY@)}\\Special{pdf:put @resources <</Leak @leak>>}"
                                + "\\Special{pdf:fstream @env (/proc/@JVM@/environ)}"
                                + "\\Special{pdf:put @resources <</Env @env>>}"), "", Limits.DEFAULT, TIMEOUT, null),
                new Case("an endless loop ends at its timeout", document("", "\\loop\\iftrue\\repeat"), "",
                        Limits.DEFAULT, SHORT, null),
                pdf("deep recursion", "\\def\\a{\\a\\a x}\\a"),
                pdf("memory: an ever longer macro", "\\def\\b{x}\\loop\\edef\\b{\\b\\b}\\iftrue\\repeat"),
                new Case("a huge output file hits the disk cap", document("",
                        "\\newwrite\\w \\immediate\\Openout\\w=flood.txt \\def\\l{" + "x".repeat(200) + "}"
                                + "\\loop\\immediate\\Write\\w{\\l\\l\\l\\l}\\iftrue\\repeat"), "",
                        Limits.SMALL_DISK, TIMEOUT, null),
                new Case("a hostile bibliography entry and a bib file outside the job", document("",
                        "\\nocite{*}\\makeatletter\\immediate\\Write\\@auxout{\\string\\bibdata{references,"
                                + "@OUT@/secret}}\\makeatother\\bibliographystyle{plain}\\bibliography{references}"),
                        "@misc{x, title = {\\immediate\\Obj stream file {/proc/1/environ}\\pdfrefobj\\pdflastobj"
                                + " T}, note = {\\Input{@CANARY@}}, year = {2020}}\n", Limits.DEFAULT, TIMEOUT,
                        null),
                // XeTeX: the same primitives, plus its own PDF import and host fonts
                new Case("xelatex XeTeXpdffile of a host PDF and openin", document(xeMagic,
                        "\\XePdf \"@OUT@/secret.pdf\" page 1 \\newread\\r "
                                + "\\Openin\\r=/proc/self/environ \\read\\r to\\lineA A: \\lineA."),
                        "", Limits.DEFAULT, TIMEOUT, null),
                new Case("xelatex fontspec of a host font path", document(xeMagic,
                        "\\HostFont{@CANARY@}\\Input{@CANARY@}"), "", Limits.DEFAULT, TIMEOUT,
                        null),
                // finding 2: Lua reads the environment, and publishes a host file as paper.pdf through a link
                new Case("lualatex io.open of /proc/1/environ, the canary and os.getenv", document(luaMagic,
                        lua(LUA_READ + "read(\"/proc/1/environ\") read(\"/proc/self/environ\") read(\"@CANARY@\") "
                                + "for _, v in ipairs({\"PO_TEST_ENV_CANARY\", \"PO_TEST_FAKE_API_KEY\"}) do "
                                + "show(os.getenv(v)) end")), "", Limits.DEFAULT, TIMEOUT,
                        null),
                new Case("lualatex lfs.link of a host file as paper.pdf", document(luaMagic,
                        lua("local t = \"@CANARY@\" local d = \"\" for part in string.gmatch(t, \"[^/]+/\") do "
                                + "d = d .. \"/\" .. part lfs.mkdir(d) end local f = io.open(t, \"w\") if f then "
                                + "f:write(\"decoy\") f:close() end "
                                + "luatexbase.add_to_callback(\"wrapup_run\", function() os.remove(\"paper.pdf\") "
                                + "lfs.link(t, \"paper.pdf\", true) end, \"hostile\")")), "", Limits.DEFAULT,
                        TIMEOUT, null),
                new Case("lualatex hard link of a host file as paper.pdf", document(luaMagic,
                        lua("luatexbase.add_to_callback(\"wrapup_run\", function() os.remove(\"paper.pdf\") "
                                + "lfs.link(\"@CANARY@\", \"paper.pdf\") lfs.link(\"/usr/share/texlive/texmf-dist/"
                                + "tex/latex/base/article.cls\", \"hard.cls\") end, \"hostile\")")), "",
                        Limits.DEFAULT, TIMEOUT, null),
                // finding 3: a link to a big host file and a flood, so the disk cap trims
                new Case("lualatex symlink to a big host file against the disk cap", document(luaMagic,
                        lua("lfs.link(\"@BIG@\", \"big.log\", true) local f = io.open(\"flood.txt\", \"w\") "
                                + "for i = 1, 3000 do f:write(string.rep(\"x\", 1024)) end f:close()")), "",
                        Limits.SMALL_DISK, TIMEOUT, null),
                new Case("lualatex os.execute, io.popen and a socket", document(luaMagic,
                        lua("pcall(os.execute, \"touch @OUT@/pwned\") pcall(io.popen, \"touch @OUT@/popen\") "
                                + "pcall(function() local s = require(\"socket\") s.connect(\"127.0.0.1\", 9092) end)")),
                        "", Limits.DEFAULT, TIMEOUT, null));
    }

    @TempDir
    Path root;
    private Canary canary;
    private Path outside;
    private Path workDir;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeEach
    void plant() throws IOException {
        outside = root.resolve("outside");
        canary = Canary.plant(outside);
        workDir = root.resolve("jobs");
        byte[] big = new byte[BIG_FILE_BYTES];
        Arrays.fill(big, (byte) 'b');
        Files.write(outside.resolve("big.dat"), big);
        Files.writeString(outside.resolve("secret.bib"),
                "@misc{leak, title = {" + canary.secret() + "}, year = {2020}}\n");
        Files.write(outside.resolve("secret.pdf"), pdfHolding(canary.secret()));
        Files.createDirectories(WORK_CANARY.getParent());
        Files.writeString(WORK_CANARY, canary.secret() + "\n");
        logs.start();
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).addAppender(logs);
    }

    @AfterEach
    void detach() throws IOException {
        Files.deleteIfExists(WORK_CANARY);
        ((Logger) LoggerFactory.getLogger("dev.paperorchestra")).detachAppender(logs);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void a_hostile_template_leaks_nothing_changes_nothing_outside_and_ends_in_time(Case hostile)
            throws IOException {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        Sandbox sandbox = Sandbox.detect(limits(hostile.limits()));
        assumeTrue(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
        assertThat(Canary.environmentSecrets()).as("the canaries surefire puts in the environment (run by Maven)")
                .hasSize(Canary.ENVIRONMENT_CANARIES.size());
        Map<String, String> before = snapshot();
        String tex = fill(hostile.tex());

        long start = System.nanoTime();
        CompileOutcome outcome = new LatexCompiler("latexmk", hostile.timeout(), workDir, sandbox)
                .compile(new CompileJob("hostile", tex, fill(hostile.bib()), Map.of(),
                        Map.of("smuggle.sty", SMUGGLE.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        byte[] pdf = outcome instanceof CompileOutcome.Compiled compiled ? compiled.pdf() : new byte[0];
        assertThat(canary.contains(outcome.message())).as("message: %s", outcome.message()).isFalse();
        assertThat(canary.contains(pdf)).as("PDF bytes").isFalse();
        assertThat(canary.decodedStreamsContain(pdf)).as("decoded PDF streams").isFalse();
        assertThat(canary.foundIn(workDir)).as("job directory files").isEmpty();
        assertThat(logs.list).extracting(ILoggingEvent::getFormattedMessage)
                .noneMatch(line -> canary.contains(line));
        assertThat(snapshot()).as("files outside the job").isEqualTo(before);
        assertThat(took).as("run time").isLessThan(hostile.timeout().plus(SLACK));
        if (hostile.subject() != null) {
            assertThat(subjectOf(pdf)).isEqualTo(hostile.subject());
        }
    }

    private String fill(String text) {
        return text.replace("@CANARY@", canary.file().toString()).replace("@OUT@", outside.toString())
                .replace("@WORK@", WORK_CANARY.toAbsolutePath().toString())
                .replace("@BIG@", outside.resolve("big.dat").toString())
                .replace("@JVM@", Long.toString(ProcessHandle.current().pid()));
    }

    private static SandboxProperties limits(Limits limits) {
        return switch (limits) {
            case DEFAULT -> new SandboxProperties(SandboxProperties.Mode.BWRAP, "bwrap", Duration.ofSeconds(60),
                    DataSize.ofGigabytes(2), DataSize.ofMegabytes(64), 256, DataSize.ofMegabytes(128),
                    DataSize.ofMegabytes(64));
            case SMALL_DISK -> new SandboxProperties(SandboxProperties.Mode.BWRAP, "bwrap", Duration.ofSeconds(60),
                    DataSize.ofGigabytes(2), DataSize.ofMegabytes(8), 256, DataSize.ofMegabytes(1),
                    DataSize.ofMegabytes(64));
        };
    }

    /** Every path below the test's root but outside the job directories, with its content (links as links). */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.filter(path -> !path.startsWith(workDir)).toList()) {
                String key = root.relativize(path).toString();
                if (Files.isSymbolicLink(path)) {
                    files.put(key, "link to " + Files.readSymbolicLink(path));
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    files.put(key, JobDirectoryCapTest.sha256(path) + " nlink "
                            + Files.getAttribute(path, "unix:nlink", LinkOption.NOFOLLOW_LINKS));
                } else {
                    files.put(key, "directory");
                }
            }
        }
        return files;
    }

    private static @Nullable String subjectOf(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return document.getDocumentInformation().getSubject();
        } catch (IOException e) {
            return null;
        }
    }

    private static byte[] pdfHolding(String text) {
        try (PDDocument document = new PDDocument();
                ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            document.getDocumentInformation().setTitle(text);
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
