package dev.paperorchestra.bench;

import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter;
import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter.IdeaChoice;
import dev.paperorchestra.bench.dataset.VenueKits;
import dev.paperorchestra.cli.run.RunCommand;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code po bench import SRC --out DATASET_DIR [--venues KITS_DIR] [--idea sparse|dense|both]}: a source in the
 * reference method's layout as a bench dataset ({@link PaperWritingBenchImporter}).
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Turn a source in the reference method's layout (one directory per paper with idea_sparse.md "
                + "and/or idea_dense.md, experimental_log.md, figures/ with captions; optionally grouped as "
                + "SRC/<venue>/<paper>/) and a directory of venue kits into a dataset: one case per idea variant, "
                + "each a materials directory po run accepts.")
public class BenchImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SRC", description = "The papers: SRC/<paper>/ or SRC/<venue>/<paper>/.")
    Path source;

    @Option(names = "--out", required = true, paramLabel = "DATASET_DIR", description = "Where the cases go (required).")
    Path out;

    @Option(names = "--venues", paramLabel = "KITS_DIR", description = "The venues' author kits, one directory each "
            + "(template.tex, guidelines.md, style files), named as papers name their venue.")
    @Nullable Path venues;

    @Option(names = "--idea", defaultValue = "both", paramLabel = "sparse|dense|both",
            description = "Which idea files become cases: <paper>-sparse, <paper>-dense or both (default: ${DEFAULT-VALUE}).")
    String idea;

    @Option(names = "--venue-default", paramLabel = "VENUE",
            description = "The venue of papers that name none: a kit in --venues, or the bundled cvpr or iclr.")
    @Nullable String venueDefault;

    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            VenueKits kits = venues == null ? VenueKits.none() : VenueKits.scan(venues);
            var imported = new PaperWritingBenchImporter(kits, IdeaChoice.parse(idea), venueDefault)
                    .importAll(source, out);
            stdout.println("po bench import: " + imported.cases().size() + " cases written to " + out
                    + " (where each file came from: " + out.resolve("import.json") + ")");
            imported.notes().forEach(line -> stdout.println("  " + line));
            return 0;
        } catch (IllegalArgumentException e) {
            stderr.println("po bench import: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
    }
}
