package dev.paperorchestra.bench;

import dev.paperorchestra.bench.report.BenchComparison;
import dev.paperorchestra.bench.report.ResultsWriter;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.base.json.Json;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po bench compare A B}: two bench runs side by side, per metric and per changed case. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two bench directories (A, then B): state counts and every metric's mean with its delta, "
                + "and each case that changed (materials, state, gates fixed or regressed, autoraters and scores "
                + "better or worse). Prints the comparison and writes it as JSON.")
public class BenchCompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The earlier (baseline) BENCH_DIR.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The later BENCH_DIR.")
    Path b;

    @Option(names = "--json", paramLabel = "FILE", description = "Where the JSON goes (default: B/compare.json).")
    @Nullable Path json;

    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            var comparison = BenchComparison.of(a.toAbsolutePath().normalize(), b.toAbsolutePath().normalize());
            Path file = json != null ? json : b.resolve("compare.json");
            ResultsWriter.atomicWrite(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(comparison) + "\n");
            BenchComparison.lines(comparison).forEach(stdout::println);
            stdout.println("po bench compare: JSON in " + file);
            return 0;
        } catch (IllegalArgumentException e) {
            stderr.println("po bench compare: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
    }
}
