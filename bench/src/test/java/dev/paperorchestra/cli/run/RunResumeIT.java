package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.cli.tally.PaperTally;
import dev.paperorchestra.bench.simulate.SimulatedProviders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 16, item 6: {@code po run} in model mode, as a child JVM, is killed (SIGKILL, no shutdown hook) in the
 * middle of its paper and run again with the same {@code --state-dir} and {@code --paper-id}. The rerun says it
 * resumes, the paper completes exactly once on paper-completed, and no model request answered before the kill is
 * sent to the model again (counted at the simulation's scripted OpenAI-compatible server). While the first run
 * holds the state directory, a second {@code po run} on it is refused with exit 2, naming the holder.
 *
 * <p>It lives in the bench module, in the cli's package, because its model is the bench's stand-in server
 * ({@link SimulatedProviders}) and the cli cannot depend on the bench.
 */
class RunResumeIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final String PAPER_ID = "resumed";
    /** Model answers before the kill: past the outline and into the literature stage, well before the end. */
    private static final int ANSWERS_BEFORE_KILL = 5;

    @Test
    void a_killed_run_resumes_its_paper_with_no_model_call_paid_twice_and_a_second_run_is_refused() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "resume-it-");
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, work.resolve("materials"), 1, 120)) {
            Path materials = providers.papers().values().iterator().next();
            Path cache = work.resolve("state").resolve("blobs").resolve("keyed").resolve("llm-responses");

            Process first = po(providers, materials, work, work.resolve("first.log"));
            await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(200))
                    .until(() -> !first.isAlive() || providers.counts().modelAnswers() >= ANSWERS_BEFORE_KILL);
            assertThat(first.isAlive()).as(log(work, "first.log")).isTrue();
            // no answer is half-delivered at the kill: every answered call has reached the response cache
            providers.modelGate().hold();
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                    .until(() -> providers.counts().modelInFlight() == 0
                            && cacheEntries(cache) == providers.counts().modelAnswers());
            long answeredBeforeKill = providers.counts().modelAnswers();

            Run refused = inProcess(providers, materials, work);
            assertThat(refused.exit()).as(refused.console()).isEqualTo(RunCommand.BAD_INPUT);
            assertThat(refused.console()).contains("is in use by another po (pid " + first.pid() + ")")
                    .doesNotContain("starting the embedded pipeline");

            first.destroyForcibly();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            providers.modelGate().abandonHeld();

            Process second = po(providers, materials, work, work.resolve("second.log"));
            assertThat(second.waitFor(12, TimeUnit.MINUTES)).as("the rerun finishes").isTrue();
            String secondLog = log(work, "second.log");
            assertThat(secondLog).as(secondLog).contains("paper " + PAPER_ID + " was submitted before with the same "
                    + "materials and options and did not finish: resuming it where it stopped")
                    .contains("paper written to").doesNotContain("submitted paper");
            assertThat(second.exitValue()).as(secondLog).isZero();
            assertThat(providers.counts().modelAnswers()).as("the rerun made the calls the first did not")
                    .isGreaterThan(answeredBeforeKill);
            assertThat(providers.counts().modelRepeats()).as("model requests answered twice").isZero();
            // the resumed paper is written: the title the scripted model took from the idea, and a table of the log
            Path out = work.resolve("out").resolve(PAPER_ID);
            assertThat(out.resolve("summary.json")).isRegularFile();
            assertThat(out.resolve("paper.tex")).content().contains("\\begin{document}", "\\toprule",
                    "\\title{" + Files.readAllLines(materials.resolve("idea.md")).getFirst().substring(2).strip());
        }
        PaperTally.Line line;
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(work.resolve("state").resolve("kafka"))) {
            line = PaperTally.read(broker.bootstrapServers()).lines().get(PAPER_ID);
        }
        assertThat(line).isNotNull();
        assertThat(line.requests()).as("requested once").isEqualTo(1);
        assertThat(line.completions()).as("completed exactly once").isEqualTo(1);
        assertThat(line.duplicateArtifacts()).isZero();
    }

    private static List<String> args(SimulatedProviders providers, Path materials, Path work) {
        return List.of("run", materials.toString(), "--paper-id", PAPER_ID, "--iterations", "1",
                "--state-dir", work.resolve("state").toString(), "--out", work.resolve("out").toString(),
                "--timeout", "PT10M", "--llm", "openai", "--llm-base-url", providers.modelBaseUrl(),
                "--llm-model", "simulated-model", "--s2-base-url", providers.scholarBaseUrl(),
                "--openalex-base-url", providers.scholarBaseUrl(),
                // what is tested is the resume; the scripted model's paper may fill less than the default page floor
                "--allow-incomplete");
    }

    /** The environment of both runs: a key for the stub, and a Semantic Scholar spacing the stub accepts. */
    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PO_LLM_API_KEY", "stub-key");
        env.put("PO_LITERATURE_S2_REQUEST_SPACING", "20ms");
        return env;
    }

    private static Process po(SimulatedProviders providers, Path materials, Path work, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx900m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName()));
        command.addAll(args(providers, materials, work));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment());
        return builder.start();
    }

    private record Run(int exit, String console) {
    }

    private static Run inProcess(SimulatedProviders providers, Path materials, Path work) {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        RunCommand command = new RunCommand();
        command.stdout = out;
        command.stderr = out;
        command.environment = environment();
        List<String> args = args(providers, materials, work);
        int exit = new CommandLine(command).execute(args.subList(1, args.size()).toArray(String[]::new));
        return new Run(exit, console.toString());
    }

    private static long cacheEntries(Path cache) throws IOException {
        if (!Files.isDirectory(cache)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(cache)) {
            return files.filter(file -> !file.getFileName().toString().endsWith(".tmp")).count();
        }
    }

    private static String log(Path work, String name) throws IOException {
        return Files.readString(work.resolve(name));
    }
}
