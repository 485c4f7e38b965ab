package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.cli.run.JobFlags;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.base.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code po watch ID}: the paper's stage lines as {@code po run} prints them, live from the service's events
 * stream; exits like {@code po run} when the paper ends (0 completed; 1 incomplete, naming its shortfalls, unless
 * --allow-incomplete; 1 failed, cancelled or timed out). A stream that breaks off (a restarted service) is picked up
 * again; the lines already printed are not repeated.
 */
@Command(name = "watch", mixinStandardHelpOptions = true,
        description = "Follow a paper on a running paper service, printing each stage as it starts and finishes.")
public class WatchCommand extends ServiceCommand {

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Option(names = "--timeout", defaultValue = JobFlags.PAPER_TIMEOUT, description = "Give up after this long, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--allow-incomplete", description = "Exit 0 for a paper that was written but failed a gate or "
            + "has no PDF (as po run --allow-incomplete); the shortfalls are still printed.")
    boolean allowIncomplete;

    @Override
    int run(PaperServiceClient client) {
        JsonNode paper = client.paper(id);
        Instant started = paper.path("submittedAt").isString()
                ? Instant.parse(paper.path("submittedAt").asString()) : Instant.now();
        Instant deadline = Instant.now().plus(timeout);
        AtomicInteger printed = new AtomicInteger();
        AtomicReference<JsonNode> end = new AtomicReference<>();
        while (end.get() == null && Instant.now().isBefore(deadline)) {
            AtomicInteger seen = new AtomicInteger();
            client.events(id, (event, data) -> {
                JsonNode body = Json.mapper().readTree(data);
                if (event.equals("status") && seen.incrementAndGet() > printed.get()) {
                    stdout.println(PaperRun.stageLine(started, Instant.parse(body.path("occurredAt").asString()),
                            body.path("stage").asString(), body.path("state").asString(),
                            body.path("message").asString()));
                    printed.incrementAndGet();
                } else if (event.equals("end")) {
                    end.set(body);
                    return false;
                }
                return Instant.now().isBefore(deadline);
            });
        }
        return outcome(client, end.get());
    }

    private int outcome(PaperServiceClient client, @Nullable JsonNode end) {
        if (end == null) {
            stderr.println("po: paper " + id + " did not finish within " + timeout);
            return RunCommand.PAPER_FAILED;
        }
        String state = end.path("state").asString();
        if (state.equals("COMPLETED")) {
            stdout.println("paper " + id + " completed; get it with: po fetch " + id + " --out DIR");
            return 0;
        }
        if (state.equals("INCOMPLETE")) {
            stderr.println("po: paper " + id + " was written but is not complete:");
            client.paper(id).path("shortfalls").forEach(shortfall -> stderr.println("po:   " + shortfall.asString()));
            stderr.println("po: get it with: po fetch " + id + " --out DIR; its summary.json has every finding");
            if (allowIncomplete) {
                stderr.println("po: --allow-incomplete: exiting 0 with the paper as it is");
                return 0;
            }
            stderr.println("po: --allow-incomplete exits 0 for such a paper");
            return RunCommand.PAPER_FAILED;
        }
        String reason = end.path("failureReason").isString() ? end.path("failureReason").asString() : "";
        stderr.println("po: paper " + id + " " + state.toLowerCase(java.util.Locale.ROOT) + ": " + reason);
        return RunCommand.PAPER_FAILED;
    }
}
