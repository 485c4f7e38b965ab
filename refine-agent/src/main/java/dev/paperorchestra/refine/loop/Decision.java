package dev.paperorchestra.refine.loop;

import java.util.Locale;

/** What the acceptance rule decided about a revision, with the numbers that decided it. */
public sealed interface Decision {

    /** A sentence naming the numbers, e.g. "overall 6 -> 6, sub-axes +1: kept". */
    String reason();

    /** The kind of decision, as worklog.json and the metrics name it. */
    default Kind kind() {
        return switch (this) {
            case Keep keep -> Kind.KEPT;
            case KeepAndStop stop -> Kind.KEPT_AT_LIMIT;
            case Revert revert -> Kind.REVERTED;
            case Reject reject -> Kind.REJECTED;
        };
    }

    /** True when the revision becomes the new best version. */
    default boolean keepsRevision() {
        return this instanceof Keep || this instanceof KeepAndStop;
    }

    /** Keep the revision as the new best version and revise again. */
    record Keep(String reason) implements Decision {
    }

    /** Keep the revision as the new best version; the iteration limit is reached, so the loop ends. */
    record KeepAndStop(String reason) implements Decision {
    }

    /** The review went down: discard the revision, go back to the previous version and stop. */
    record Revert(String reason) implements Decision {
    }

    /**
     * The revision failed its checks (compile, integrity gates, added caveats) before any review: discarded
     * like a decrease, and the loop stops on the previous version.
     */
    record Reject(String reason) implements Decision {
    }

    enum Kind {
        KEPT, KEPT_AT_LIMIT, REVERTED, REJECTED;

        /** kept, kept-at-limit, reverted, rejected. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
