package dev.paperorchestra.bench.run;

import dev.paperorchestra.runtime.json.Json;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One line of the bench journal: a case's state from this moment on.
 *
 * @param attempt     1 for the first submission; {@code --retry-failed} submits attempt + 1 under a new id
 * @param submittedAt when the paper was submitted (its timeout counts from there); null before
 * @param stage       failure stage or last stage seen
 * @param reason      failure reason
 */
public record CaseEntry(String caseName, int attempt, String paperId, CaseState state, Instant at,
        @Nullable Instant submittedAt, @Nullable String stage, @Nullable String reason) {

    public CaseEntry with(CaseState next, Instant now, @Nullable String nextStage, @Nullable String nextReason) {
        Instant submitted = submittedAt == null && next == CaseState.RUNNING ? now : submittedAt;
        return new CaseEntry(caseName, attempt, paperId, next, now, submitted, nextStage, nextReason);
    }

    public String toJsonLine() {
        ObjectNode json = Json.mapper().createObjectNode().put("case", caseName).put("attempt", attempt)
                .put("paperId", paperId).put("state", state.name()).put("at", at.toString());
        json.put("submittedAt", submittedAt == null ? null : submittedAt.toString());
        json.put("stage", stage);
        json.put("reason", reason);
        return json.toString(); // compact: one entry, one line
    }

    static CaseEntry fromJson(JsonNode json) {
        return new CaseEntry(json.get("case").asString(), json.get("attempt").asInt(), json.get("paperId").asString(),
                CaseState.valueOf(json.get("state").asString()), Instant.parse(json.get("at").asString()),
                json.hasNonNull("submittedAt") ? Instant.parse(json.get("submittedAt").asString()) : null,
                json.hasNonNull("stage") ? json.get("stage").asString() : null,
                json.hasNonNull("reason") ? json.get("reason").asString() : null);
    }
}
