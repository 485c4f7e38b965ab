package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.schemas.JobOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The one deployment a bench run drives: the embedded pipeline in this JVM or a paper service. Every method
 * may be called from several worker threads at once.
 */
public interface BenchBackend extends AutoCloseable {

    /** One line naming the deployment, for the console and summary.json. */
    String describe();

    /** True when the deployment has a paper with this id (it was submitted, in this run or before a restart). */
    boolean wasSubmitted(String paperId);

    /**
     * Submits the case's materials, asking for {@code paperId}; returns the id the deployment gave the paper
     * (the same unless the deployment assigns its own).
     *
     * @throws dev.paperorchestra.base.errors.InvalidMaterialsException naming the file when the materials
     *                                                                     are refused
     */
    String submit(BenchCase benchCase, String paperId, JobOptions options);

    /**
     * As {@link #submit(BenchCase, String, JobOptions)}, the template and its author kit taken from
     * {@code templateDir} ({@code po bench --template-dir}, one kit shared by every case) instead of the case's own.
     */
    default String submit(BenchCase benchCase, String paperId, JobOptions options, Path templateDir) {
        throw new UnsupportedOperationException(describe() + " cannot submit with a shared template kit");
    }

    /**
     * Follows the paper until it ends or {@code timeout} passes; on completion its outputs are written to
     * {@code caseDir/<paperId>/}. {@code onStage} hears each stage change ("writer started").
     */
    CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir);

    /** Semantic Scholar verification requests waiting for the deployment's single verifier, when known. */
    OptionalLong scholarQueue();

    @Override
    void close();
}
