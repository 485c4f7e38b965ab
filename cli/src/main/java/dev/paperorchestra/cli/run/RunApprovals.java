package dev.paperorchestra.cli.run;

import dev.paperorchestra.base.json.Json;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
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
    /** The gate the paper waits at now, null while it runs; the terminal's answers go to this gate. */
    private final AtomicReference<@Nullable String> waitingAt = new AtomicReference<>();
    private final AtomicBoolean asking = new AtomicBoolean();

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
            // decided (here or from another terminal) or ended: the answers typed now are for no gate
            if (status.getStage().equals(waitingAt.get())) {
                waitingAt.set(null);
            }
            return;
        }
        String stage = status.getStage();
        waitingAt.set(stage);
        out.println(instructions(paperId, stage, server));
        BufferedReader in = terminal;
        if (in != null) {
            out.print(question(stage));
            out.flush();
            // one reader for the whole run, so two gates never compete for a line; the watcher goes on
            // reading the paper's progress while a person thinks
            if (asking.compareAndSet(false, true)) {
                Thread.ofVirtual().name("po-run-approvals").start(() -> ask(in));
            }
        }
    }

    private static String question(String stage) {
        return "decide at the " + stage + " gate: [a]pprove, [r]eject REASON"
                + (stage.equals("final") ? "" : ", [e]dit FILE (approve with an edited artifact)")
                + ", or Enter to keep waiting: ";
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

    private void ask(BufferedReader in) {
        PaperServiceClient client = new PaperServiceClient(server, null);
        while (true) {
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                return;
            }
            if (line == null) {
                return;
            }
            String stage = waitingAt.get();
            if (stage == null) {
                out.println("no gate waits for a decision now");
                continue;
            }
            if (line.isBlank()) {
                out.println("the paper keeps waiting at the " + stage + " gate; decide with the commands above");
                continue;
            }
            if (decide(client, stage, line.strip())) {
                waitingAt.compareAndSet(stage, null);
            } else {
                out.print(question(stage));
                out.flush();
            }
        }
    }

    /** One answer; true when the gate took a decision or no longer waits. */
    private boolean decide(PaperServiceClient client, String stage, String answer) {
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
                        return false;
                    }
                    decision.put("decision", "reject").put("note", rest);
                }
                case "e", "edit" -> {
                    if (rest.isEmpty()) {
                        out.println("name the edited file: e FILE");
                        return false;
                    }
                    decision.put("decision", "approve").set("artifact",
                            Json.mapper().readTree(Files.readString(Path.of(rest))));
                }
                default -> {
                    out.println("not understood: " + word);
                    return false;
                }
            }
            out.println(paperId + " " + client.decide(paperId, stage, decision).path("state").asString());
            return true;
        } catch (ServiceCallException e) {
            // an invalid edit (400) lets the person try again; a paper no longer waiting (409) does not
            out.println("po: " + e.getMessage());
            return e.status() != 400;
        } catch (IOException | RuntimeException e) {
            out.println("po: " + e.getMessage());
            return false;
        }
    }
}
