package dev.paperorchestra.bench.run;

import dev.paperorchestra.base.json.Json;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One line of the bench journal: a case's state from this moment on.
 *
 * @param attempt      1 for the first submission; a rerun (--retry-failed, changed materials) submits attempt + 1
 *                     under a new id
 * @param submittedAt  when the paper was submitted (its timeout counts from there); null before
 * @param stage        failure stage or last stage seen
 * @param reason       failure reason, or what keeps a written paper from being complete
 * @param digest       the case's materials and paper-shaping options when it was submitted ({@link CaseDigest});
 *                     null in journals written before resume was keyed on content
 * @param priorSeconds running time of the paper in earlier bench processes, their downtime excluded
 * @param runningSince when this process began following the paper; null means since {@code submittedAt}
 */
public record CaseEntry(String caseName, int attempt, String paperId, CaseState state, Instant at,
        @Nullable Instant submittedAt, @Nullable String stage, @Nullable String reason, @Nullable String digest,
        double priorSeconds, @Nullable Instant runningSince) {

    public CaseEntry(String caseName, int attempt, String paperId, CaseState state, Instant at,
            @Nullable Instant submittedAt, @Nullable String stage, @Nullable String reason) {
        this(caseName, attempt, paperId, state, at, submittedAt, stage, reason, null, 0, null);
    }

    public CaseEntry with(CaseState next, Instant now, @Nullable String nextStage, @Nullable String nextReason) {
        Instant submitted = submittedAt == null && next == CaseState.RUNNING ? now : submittedAt;
        return new CaseEntry(caseName, attempt, paperId, next, now, submitted, nextStage, nextReason, digest,
                priorSeconds, runningSince);
    }

    /**
     * The same running paper followed again by a new bench process from {@code now}: the time up to
     * {@code lastAlive} (when the previous process was last seen) counts, the downtime after it does not.
     */
    public CaseEntry resumed(Instant now, Instant lastAlive) {
        Instant since = runningSince != null ? runningSince : submittedAt;
        double before = priorSeconds;
        if (since != null) {
            Instant end = lastAlive.isAfter(at) ? lastAlive : at;
            before += Math.max(0, Duration.between(since, end).toMillis() / 1000.0);
        }
        return new CaseEntry(caseName, attempt, paperId, CaseState.RUNNING, now, submittedAt, stage, reason, digest,
                before, now);
    }

    /** This process stops following the running paper at {@code now} (Ctrl-C); a later run resumes it. */
    public CaseEntry paused(Instant now) {
        Double wall = wallSeconds(now);
        return new CaseEntry(caseName, attempt, paperId, CaseState.RUNNING, now, submittedAt, stage, reason, digest,
                wall == null ? priorSeconds : wall, now);
    }

    /** Seconds the paper ran up to {@code until}, without the time no bench process followed it; null before submission. */
    public @Nullable Double wallSeconds(Instant until) {
        Instant since = runningSince != null ? runningSince : submittedAt;
        if (since == null) {
            return null;
        }
        return priorSeconds + Math.max(0, Duration.between(since, until).toMillis() / 1000.0);
    }

    public String toJsonLine() {
        ObjectNode json = Json.mapper().createObjectNode().put("case", caseName).put("attempt", attempt)
                .put("paperId", paperId).put("state", state.name()).put("at", at.toString());
        json.put("submittedAt", submittedAt == null ? null : submittedAt.toString());
        json.put("stage", stage);
        json.put("reason", reason);
        json.put("digest", digest);
        json.put("priorSeconds", priorSeconds);
        json.put("runningSince", runningSince == null ? null : runningSince.toString());
        return json.toString(); // compact: one entry, one line
    }

    static CaseEntry fromJson(JsonNode json) {
        return new CaseEntry(json.get("case").asString(), json.get("attempt").asInt(), json.get("paperId").asString(),
                CaseState.parse(json.get("state").asString()), Instant.parse(json.get("at").asString()),
                json.hasNonNull("submittedAt") ? Instant.parse(json.get("submittedAt").asString()) : null,
                json.hasNonNull("stage") ? json.get("stage").asString() : null,
                json.hasNonNull("reason") ? json.get("reason").asString() : null,
                json.hasNonNull("digest") ? json.get("digest").asString() : null,
                json.path("priorSeconds").asDouble(0),
                json.hasNonNull("runningSince") ? Instant.parse(json.get("runningSince").asString()) : null);
    }
}
