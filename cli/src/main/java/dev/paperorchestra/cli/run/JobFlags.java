package dev.paperorchestra.cli.run;

import dev.paperorchestra.schemas.JobDefaults;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The job options of the commands that submit a paper ({@code run}, {@code submit}), declared once. Each is null
 * (or false) when not given, so a front door can tell "not given" from the default; the defaults are written
 * once, in {@link JobDefaults}. Named apart from the Avro {@code JobOptions} these become.
 */
public final class JobFlags {

    /** How long {@code run} and {@code watch} wait for a paper, ISO-8601. */
    public static final String PAPER_TIMEOUT = "PT20M";

    @Option(names = "--offline",
            description = "Deterministic offline mode: no language model; every output is labelled.")
    boolean offline;

    @Option(names = "--cutoff",
            description = "Research cutoff, YYYY-MM or YYYY-MM-DD (default: job.json's cutoffDate).")
    @Nullable String cutoff;

    @Option(names = "--venue", description = "Venue name (default: job.json's venue).")
    @Nullable String venue;

    @Option(names = "--page-limit", description = "Main-text page limit (default: job.json, else the guidelines).")
    @Nullable Integer pageLimit;

    @Mixin
    Iterations iterations = new Iterations();

    @Option(names = "--approvals", paramLabel = "GATES",
            description = "Approval gates to stop at, comma-separated: outline, citations, figures, final. The "
                    + "paper waits AWAITING_APPROVAL at each until po approve or po reject "
                    + "(default: job.json's approvals, else none).")
    @Nullable String approvals;

    @Option(names = "--approval-timeout", paramLabel = "DURATION",
            description = "How long each gate waits before the paper ends, ISO-8601 such as PT72H "
                    + "(default: job.json, else the deployment's po.approval.timeout, 7 days).")
    @Nullable String approvalTimeout;

    public boolean offline() {
        return offline;
    }

    public @Nullable String cutoff() {
        return cutoff;
    }

    public @Nullable String venue() {
        return venue;
    }

    public @Nullable Integer pageLimit() {
        return pageLimit;
    }

    public Iterations iterations() {
        return iterations;
    }

    public @Nullable String approvals() {
        return approvals;
    }

    public @Nullable String approvalTimeout() {
        return approvalTimeout;
    }

    /** {@code --iterations}, taken alone by the commands that run many papers ({@code bench}, {@code simulate}). */
    public static final class Iterations {

        @Option(names = "--iterations",
                description = "Refinement iteration limit (default: " + JobDefaults.REFINE_ITERATIONS + ").")
        @Nullable Integer iterations;

        /** The limit given, else the default. */
        public int limit() {
            return iterations != null ? iterations : JobDefaults.REFINE_ITERATIONS;
        }

        /** The limit given, null when left to the default (a remote service applies it). */
        public @Nullable Integer given() {
            return iterations;
        }
    }
}
