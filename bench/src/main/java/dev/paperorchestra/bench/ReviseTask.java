package dev.paperorchestra.bench;

import dev.paperorchestra.bench.revise.AddressedPointsJudge;
import dev.paperorchestra.bench.revise.ModelRevisionJudge;
import dev.paperorchestra.bench.revise.ReviseBench;
import dev.paperorchestra.bench.revise.ReviseCase;
import dev.paperorchestra.bench.revise.RevisionJudge;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code po bench --task revise}: the revise cases through a paper service, --server's or one started here on the
 * embedded pipeline (loopback only). The pairwise autorater is the model judge when a model is at hand, otherwise
 * (and always offline) the labelled heuristic.
 */
final class ReviseTask {

    private ReviseTask() {
    }

    static int run(BenchCommand command, @Nullable Path dataset, Path out, @Nullable String server, boolean offline,
            @Nullable String glob, @Nullable Integer limit, Duration timeout) {
        if (dataset == null) {
            command.stderr.println("po bench: --task revise needs a DATASET_DIR (one directory per case with paper/ "
                    + "and reviews/)");
            return RunCommand.BAD_INPUT;
        }
        List<ReviseCase> cases;
        try {
            cases = ReviseCase.scan(dataset.toAbsolutePath().normalize(), glob, limit);
        } catch (IllegalArgumentException e) {
            command.stderr.println("po bench: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
        Path benchDir = out.toAbsolutePath().normalize();
        EmbeddedPipeline pipeline = null;
        try {
            PaperServiceClient client;
            @Nullable LlmGateway gateway = null;
            if (server != null) {
                client = new PaperServiceClient(server, command.environment.get("PO_TOKEN"));
                gateway = serverGateway(command, offline, benchDir);
            } else {
                List<String> agentArgs = new ArrayList<>(command.models.springArgs());
                agentArgs.addAll(command.scholarly.springArgs(command.environment));
                PipelineSettings settings = new PipelineSettings(benchDir.resolve("state"), List.of(), agentArgs)
                        .withBrokerStartTimeout(command.brokerStart.timeout());
                command.stdout.println("po bench: starting the embedded pipeline (logs: " + settings.logFile() + ")");
                pipeline = EmbeddedPipeline.start(settings, line -> { });
                int port = freePort();
                pipeline.startPaperService(PaperServiceApplication.builder(), port,
                        List.of("--server.address=127.0.0.1"), line -> { });
                client = new PaperServiceClient("http://127.0.0.1:" + port, null);
                gateway = pipeline.agentBean(LlmGateway.class).orElse(null);
            }
            RevisionJudge judge = judge(offline, gateway);
            command.stdout.println("po bench: " + cases.size() + " revise case(s), " + (offline ? "offline" : "model")
                    + " mode; autorater: " + judge.label());
            List<Map<String, @Nullable Object>> rows = new ReviseBench(client, judge,
                    new ReviseBench.Settings(benchDir, offline, timeout), command.stdout).run(cases);
            long passed = rows.stream().filter(row -> Boolean.TRUE.equals(row.get("passed"))).count();
            command.stdout.println("po bench: " + passed + " of " + rows.size() + " revisions passed (valid PDF, "
                    + "clean audit); results in " + benchDir);
            return passed == rows.size() || command.allowIncomplete ? 0 : BenchCommand.SOME_INCOMPLETE;
        } catch (IllegalArgumentException e) {
            command.stderr.println("po bench: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } finally {
            if (pipeline != null) {
                pipeline.close();
            }
        }
    }

    /** The model judge when a model is at hand and the run is not offline; else the labelled heuristic. */
    static RevisionJudge judge(boolean offline, @Nullable LlmGateway gateway) {
        return offline || gateway == null ? new AddressedPointsJudge() : new ModelRevisionJudge(gateway);
    }

    /**
     * With --server the service's models are out of reach: the judge's gateway is po bench's own model settings
     * (--llm or PO_LLM_PROVIDER), none when offline or when no provider is given.
     */
    static @Nullable LlmGateway serverGateway(BenchCommand command, boolean offline, Path benchDir) {
        if (offline || !(command.models.providerGiven() || command.environment.containsKey("PO_LLM_PROVIDER"))) {
            return null;
        }
        ProviderSettings providers = ProviderSettings.resolve(command.models, false, command.environment);
        return DefaultLlmGateway.create(providers.properties(), providers.bindings(),
                new LocalBlobStore(benchDir.resolve("autorater-cache")), new InMemoryUsageLedger(),
                new LlmMetrics(new SimpleMeterRegistry()), PaperCancellations.NONE);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port for the paper service", e);
        }
    }
}
