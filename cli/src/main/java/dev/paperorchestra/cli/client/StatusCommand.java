package dev.paperorchestra.cli.client;

import dev.paperorchestra.cli.run.RunCommand;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code po status [ID...]}: a table of papers on the paper service. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show papers of a running paper service as a table: the given ids, or the latest 200.")
public class StatusCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "ID", description = "Paper ids (default: every paper, newest first).")
    List<String> ids = new ArrayList<>();

    @Mixin
    ServerOptions server = new ServerOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            PaperServiceClient client = server.client(environment);
            List<JsonNode> papers = new ArrayList<>();
            if (ids.isEmpty()) {
                client.papers(200).path("papers").forEach(papers::add);
            } else {
                for (String id : ids) {
                    papers.add(client.paper(id));
                }
            }
            stdout.printf(Locale.ROOT, "%-40s %-10s %-11s %-24s %s%n", "PAPER", "STATE", "STAGE", "UPDATED", "REASON");
            for (JsonNode paper : papers) {
                stdout.printf(Locale.ROOT, "%-40s %-10s %-11s %-24s %s%n", paper.path("paperId").asString(),
                        paper.path("state").asString(), paper.path("currentStage").asString(),
                        paper.path("updatedAt").asString(),
                        paper.path("failureReason").isString() ? paper.path("failureReason").asString() : "");
            }
            return 0;
        } catch (IllegalArgumentException e) {
            stderr.println("po: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } catch (ServiceCallException e) {
            stderr.println("po: " + e.getMessage());
            return e.exitCode();
        }
    }
}
