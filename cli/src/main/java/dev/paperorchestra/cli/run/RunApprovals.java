package dev.paperorchestra.cli.run;

import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The approval gates of a {@code po run}: the run serves the paper service on loopback, and each time the paper
 * stops at a gate this says exactly how to look at what waits and how to decide ({@code po approve ... --server}),
 * and, on an interactive terminal, asks. Without an answer the paper simply waits, durably, until a decision
 * arrives from anywhere, the gate's own timeout ends it, or the run's --timeout gives up watching (the paper
 * still waits in the state directory; {@code po run --paper-id ID} follows it again).
 */
final class RunApprovals implements Consumer<PaperStatusChangedEvent> {

    private final String paperId;
    private final String server;
    private final PrintStream out;
    private final @Nullable BufferedReader terminal;
    private final @Nullable String user;

    /**
     * @param terminal the interactive terminal to ask on; null to only print the commands (not a terminal, or
     *                 {@code --no-prompt})
     */
    RunApprovals(String paperId, String server, PrintStream out, @Nullable BufferedReader terminal,
            @Nullable String user) {
        this.paperId = paperId;
        this.server = server;
        this.out = out;
        this.terminal = terminal;
        this.user = user;
    }

    @Override
    public void accept(PaperStatusChangedEvent status) {
        if (status.getState() != StageState.AWAITING_APPROVAL) {
            return;
        }
        String stage = status.getStage();
        out.println(instructions(paperId, stage, server));
        BufferedReader in = terminal;
        if (in != null) {
            // the watcher goes on reading the paper's progress while a person thinks
            Thread.ofVirtual().name("po-run-approval-" + stage).start(() -> ask(in, stage));
        }
    }

    /** What a person reads when the paper stops at a gate. */
    static String instructions(String paperId, String stage, String server) {
        String po = "./po";
        return String.join(System.lineSeparator(),
                "paper " + paperId + " waits for approval at the " + stage + " gate; nothing runs and no model is "
                        + "called until you decide",
                "  see it:   curl " + server + "/papers/" + paperId + "/approvals/" + stage,
                "  approve:  " + po + " approve " + paperId + " --stage " + stage + " --server " + server
                        + " [--note TEXT]" + (stage.equals("final") ? "" : " [--artifact EDITED.json]"),
                "  reject:   " + po + " reject " + paperId + " --stage " + stage + " --server " + server
                        + " --reason TEXT");
    }

    private void ask(BufferedReader in, String stage) {
        PaperServiceClient client = new PaperServiceClient(server, null);
        while (true) {
            out.print("decide at the " + stage + " gate: [a]pprove, [r]eject REASON"
                    + (stage.equals("final") ? "" : ", [e]dit FILE (approve with an edited artifact)")
                    + ", or Enter to keep waiting: ");
            out.flush();
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                return;
            }
            if (line == null || line.isBlank()) {
                out.println("the paper keeps waiting; decide with the commands above");
                return;
            }
            String answer = line.strip();
            String word = answer.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
            String rest = answer.contains(" ") ? answer.substring(answer.indexOf(' ') + 1).strip() : "";
            try {
                ObjectNode decision = Json.mapper().createObjectNode();
                if (user != null) {
                    decision.put("by", user);
                }
                switch (word) {
                    case "a", "approve" -> decision.put("decision", "approve");
                    case "r", "reject" -> {
                        if (rest.isEmpty()) {
                            out.println("a rejection needs a reason: r REASON");
                            continue;
                        }
                        decision.put("decision", "reject").put("note", rest);
                    }
                    case "e", "edit" -> {
                        if (rest.isEmpty()) {
                            out.println("name the edited file: e FILE");
                            continue;
                        }
                        decision.put("decision", "approve").set("artifact",
                                Json.mapper().readTree(Files.readString(Path.of(rest))));
                    }
                    default -> {
                        out.println("not understood: " + word);
                        continue;
                    }
                }
                out.println(paperId + " " + client.decide(paperId, stage, decision).path("state").asString());
                return;
            } catch (ServiceCallException e) {
                // an invalid edit (400) lets the person try again; a paper no longer waiting (409) ends the prompt
                out.println("po: " + e.getMessage());
                if (e.status() != 400) {
                    return;
                }
            } catch (IOException | RuntimeException e) {
                out.println("po: " + e.getMessage());
            }
        }
    }
}
