package dev.paperorchestra.cli.client;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.client.PaperServiceClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code po approve ID --stage outline}: the paper goes on from the gate it waits at, possibly with an edit. */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = "Approve a paper waiting at an approval gate (AWAITING_APPROVAL); it goes on from there.")
public class ApproveCommand extends ServiceCommand {

    /** Largest edited artifact read; the service refuses larger bodies anyway. */
    static final long MAX_ARTIFACT = 1024 * 1024;

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Option(names = "--stage", required = true, paramLabel = "GATE",
            description = "The gate: outline, citations, figures or final.")
    String stage;

    @Option(names = "--note", description = "A note recorded with the approval.")
    @Nullable String note;

    @Option(names = "--artifact", paramLabel = "FILE",
            description = "An edited artifact replacing the one to approve: an edited outline.json (validated as "
                    + "a model's answer is); the citation pool or figures.json with entries removed (nothing "
                    + "added); the final gate takes none.")
    @Nullable Path artifact;

    @Option(names = "--by", paramLabel = "NAME",
            description = "Who approves, as recorded in the timeline and summary.json (default: $USER).")
    @Nullable String by;

    @Override
    int run(PaperServiceClient client) {
        ObjectNode decision = decision("approve", by, environment.get("USER"), note);
        if (artifact != null) {
            decision.set("artifact", read(artifact));
        }
        JsonNode paper = client.decide(id, stage, decision);
        stdout.println(id + " " + paper.path("state").asString());
        return 0;
    }

    static ObjectNode decision(String decision, @Nullable String by, @Nullable String user, @Nullable String note) {
        ObjectNode body = Json.mapper().createObjectNode().put("decision", decision);
        String who = by != null ? by : user;
        if (who != null) {
            body.put("by", who);
        }
        if (note != null) {
            body.put("note", note);
        }
        return body;
    }

    private static JsonNode read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("--artifact: " + file + " is not a file");
            }
            if (Files.size(file) > MAX_ARTIFACT) {
                throw new IllegalArgumentException("--artifact: " + file + " is larger than " + MAX_ARTIFACT + " bytes");
            }
            return Json.mapper().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new IllegalArgumentException("--artifact: " + file + " is not valid JSON (" + e.getOriginalMessage()
                    + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
