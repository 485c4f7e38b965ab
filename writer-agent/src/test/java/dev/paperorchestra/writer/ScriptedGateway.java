package dev.paperorchestra.writer;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A gateway that plays recorded answers in order and keeps the requests; the last answer repeats. */
public final class ScriptedGateway implements LlmGateway {

    private final Deque<String> answers;
    private final List<LlmRequest> requests = new ArrayList<>();
    private String last = "";

    public ScriptedGateway(String... answers) {
        this.answers = new ArrayDeque<>(List.of(answers));
    }

    @Override
    public synchronized LlmResponse call(LlmRequest request) {
        requests.add(request);
        if (!answers.isEmpty()) {
            last = answers.poll();
        }
        return new LlmResponse(last, "scripted", "recorded", 100, 100, false);
    }


    public synchronized List<LlmRequest> requests() {
        return List.copyOf(requests);
    }
}
