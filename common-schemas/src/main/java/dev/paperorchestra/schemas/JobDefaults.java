package dev.paperorchestra.schemas;

/**
 * Defaults of a job's options, each written once: the command line's help and defaults, the paper service's
 * upload form and the agents' settings refer to these. The Avro {@link JobOptions} schema repeats
 * {@link #REFINE_ITERATIONS} as its field default (a schema cannot refer to code); JobDefaultsTest keeps the two
 * equal.
 */
public final class JobDefaults {

    /** Refinement iterations after the first review: the reference method's limit. */
    public static final int REFINE_ITERATIONS = 3;

    private JobDefaults() {
    }
}
