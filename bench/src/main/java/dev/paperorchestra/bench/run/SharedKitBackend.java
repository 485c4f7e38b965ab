package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.schemas.JobOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A deployment whose every case is submitted with one shared template kit ({@code po bench --template-dir}): the
 * venue's template.tex and its files come from the kit directory instead of each case's materials.
 */
public final class SharedKitBackend implements BenchBackend {

    private final BenchBackend backend;
    private final Path templateDir;

    public SharedKitBackend(BenchBackend backend, Path templateDir) {
        this.backend = backend;
        this.templateDir = templateDir;
    }

    /** The deployment underneath, for what only it offers (its model gateway, its verifier). */
    public BenchBackend backend() {
        return backend;
    }

    @Override
    public String describe() {
        return backend.describe() + ", template kit " + templateDir;
    }

    @Override
    public boolean wasSubmitted(String paperId) {
        return backend.wasSubmitted(paperId);
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options) {
        return backend.submit(benchCase, paperId, options, templateDir);
    }

    @Override
    public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
        return backend.await(paperId, timeout, onStage, caseDir);
    }

    @Override
    public OptionalLong scholarQueue() {
        return backend.scholarQueue();
    }

    @Override
    public void close() {
        backend.close();
    }
}
