package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code po status [ID...]}: a table of papers on the paper service. The reason of a FAILED or CANCELLED paper is why
 * it ended; of an INCOMPLETE one, its first shortfall (and how many more there are).
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show papers of a running paper service as a table: the given ids, or the latest 200.")
public class StatusCommand extends ServiceCommand {

    private static final String ROW = "%-44s %-10s %-11s %-24s %s%n";

    @Parameters(arity = "0..*", paramLabel = "ID", description = "Paper ids (default: every paper, newest first).")
    List<String> ids = new ArrayList<>();

    @Override
    int run(PaperServiceClient client) {
        List<JsonNode> papers = new ArrayList<>();
        if (ids.isEmpty()) {
            client.papers(200).path("papers").forEach(papers::add);
        } else {
            ids.forEach(id -> papers.add(client.paper(id)));
        }
        stdout.printf(Locale.ROOT, ROW, "PAPER", "STATE", "STAGE", "UPDATED", "REASON");
        for (JsonNode paper : papers) {
            stdout.printf(Locale.ROOT, ROW, paper.path("paperId").asString(), paper.path("state").asString(),
                    paper.path("currentStage").asString(), paper.path("updatedAt").asString(), reason(client, paper));
        }
        return 0;
    }

    private static String reason(PaperServiceClient client, JsonNode paper) {
        if (paper.path("state").asString().equals("INCOMPLETE")) {
            // a list item has no shortfalls; the paper itself does
            JsonNode shortfalls = paper.has("shortfalls") ? paper.path("shortfalls")
                    : client.paper(paper.path("paperId").asString()).path("shortfalls");
            if (!shortfalls.isEmpty()) {
                return shortfalls.get(0).asString() + (shortfalls.size() > 1 ? " (and " + (shortfalls.size() - 1)
                        + " more: po watch or the console lists them)" : "");
            }
        }
        return paper.path("failureReason").isString() ? paper.path("failureReason").asString() : "";
    }
}
