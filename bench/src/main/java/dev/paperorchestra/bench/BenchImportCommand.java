package dev.paperorchestra.bench;

import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter;
import dev.paperorchestra.bench.dataset.VenueDefault;
import dev.paperorchestra.cli.run.RunCommand;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po bench import SRC --out DATASET_DIR}: a PaperWritingBench-style source as a bench dataset. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Turn a PaperWritingBench-style source (one directory per paper with idea_sparse.md and idea_dense.md) "
                + "into a dataset: two cases per paper, cutoff from the venue's deadline, missing template or guidelines "
                + "filled from the venue default and recorded.")
public class BenchImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SRC")
    Path source;

    @Option(names = "--out", required = true, paramLabel = "DATASET_DIR")
    Path out;

    @Option(names = "--venue-default", paramLabel = "cvpr|iclr",
            description = "Venue of papers whose directory name and job.json name none.")
    @Nullable String venueDefault;

    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            var imported = new PaperWritingBenchImporter(venueDefault == null ? null : VenueDefault.parse(venueDefault))
                    .importAll(source, out);
            stdout.println("po bench import: " + imported.cases().size() + " cases written to " + out);
            imported.filled().forEach(line -> stdout.println("  filled " + line));
            return 0;
        } catch (IllegalArgumentException e) {
            stderr.println("po bench import: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
    }
}
