package dev.paperorchestra.cli.serve;

import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.embedded.broker.BrokerSecurity;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.cli.run.SandboxChoice;
import dev.paperorchestra.cli.run.ScholarlyOptions;
import dev.paperorchestra.cli.state.StateDirLock;
import dev.paperorchestra.base.redaction.Redaction;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code po serve}: the embedded broker, every agent and the paper service in this JVM until Ctrl-C, so the API
 * and {@code po submit/status/watch/fetch/cancel} can be tried with no cluster. Everything listens on 127.0.0.1.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the embedded broker, every agent and the paper service on 127.0.0.1 until stopped "
                + "(Ctrl-C); submit with po submit --server http://127.0.0.1:PORT.")
public class ServeCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8080", description = "Port of the paper service (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--agent-port", defaultValue = "8081",
            description = "Port of the first agent's Actuator endpoints; the six agents take this and the next five "
                    + "(outline, literature, plotting, writer, refine, reviewer; default: ${DEFAULT-VALUE}).")
    int agentPort;

    @Option(names = "--state-dir", defaultValue = "${env:PO_STATE_DIR:-.po-state}",
            description = "Broker data, blob store and logs (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Option(names = "--offline", description = "Configure no model provider: only papers submitted with --offline can run.")
    boolean offline;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Mixin
    ScholarlyOptions scholarly = new ScholarlyOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            ProviderSettings.resolve(models, offline, environment).bindings().values()
                    .forEach(binding -> stdout.println("model " + binding));
        } catch (IllegalArgumentException e) {
            if (models.springArgs().isEmpty() && e.getMessage().startsWith("no model provider is configured")) {
                // a service may well take offline papers only; a model paper then fails with this reason
                stdout.println("no model provider configured (--llm or PO_LLM_PROVIDER): only papers submitted with "
                        + "--offline will run");
            } else {
                stderr.println("po: " + e.getMessage());
                return RunCommand.BAD_INPUT;
            }
        }
        // the deployment on this machine: strangers may send it templates, so no TeX without the sandbox
        SandboxChoice sandbox = SandboxChoice.of(false, environment);
        if (sandbox.refusal().isPresent()) {
            stderr.println("po: " + sandbox.refusal().get());
            return RunCommand.BAD_INPUT;
        }
        sandbox.notice().ifPresent(stdout::println);
        List<String> agentArgs = new ArrayList<>(models.springArgs());
        agentArgs.addAll(scholarly.springArgs(environment));
        agentArgs.addAll(sandbox.springArgs());
        // each job's scholar_records.json travels with its materials; no deployment-wide records
        PipelineSettings settings = new PipelineSettings(stateDir.toAbsolutePath(), List.of(), agentArgs,
                BrokerSecurity.NONE, agentPort);
        CountDownLatch stopped = new CountDownLatch(1);
        EmbeddedPipeline pipeline;
        StateDirLock lock;
        try {
            // one po at a time per state directory: taken before the broker touches its files
            lock = StateDirLock.acquire(settings.stateDir());
        } catch (StateDirLock.StateDirInUseException e) {
            stderr.println("po: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
        stdout.println("starting the embedded pipeline and the paper service (logs: " + settings.logFile() + ")");
        try {
            pipeline = EmbeddedPipeline.start(settings, line -> stdout.println("  " + line));
            pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> stdout.println("  " + line));
        } catch (RuntimeException e) {
            lock.close();
            stderr.println("po: the embedded pipeline failed: " + Redaction.redact(String.valueOf(e.getMessage())));
            stderr.println("po: details in " + settings.logFile());
            return RunCommand.PAPER_FAILED;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            pipeline.close();
            lock.close();
            stopped.countDown();
        }, "po-serve-shutdown"));
        stdout.println("paper service ready at http://127.0.0.1:" + port + " (API: /openapi.yaml); stop with Ctrl-C");
        stdout.println("  console: http://127.0.0.1:" + port + "/console/ (in a browser on this machine)");
        stdout.println("  try: ./po submit examples/cvpr-sparse-depth --server http://127.0.0.1:" + port + " --offline");
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
