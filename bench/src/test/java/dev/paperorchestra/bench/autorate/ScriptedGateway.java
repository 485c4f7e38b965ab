package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A model that answers each request with what the test's function says, and remembers every request. */
final class ScriptedGateway implements LlmGateway {

    final List<LlmRequest> requests = new ArrayList<>();
    private final Function<LlmRequest, String> answers;

    ScriptedGateway(Function<LlmRequest, String> answers) {
        this.answers = answers;
    }

    @Override
    public LlmResponse call(LlmRequest request) {
        requests.add(request);
        return new LlmResponse(answers.apply(request), "scripted", "scripted-model", 10, 5, false);
    }
}
