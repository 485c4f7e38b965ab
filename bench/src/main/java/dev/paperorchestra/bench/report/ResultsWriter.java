package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * results.jsonl and results.csv. Both are rewritten whole from BENCH_DIR at the end of every run (and of every
 * resumed run), through a temporary file and an atomic rename, so a reader never sees half a file.
 */
public final class ResultsWriter {

    private ResultsWriter() {
    }

    public static void write(Path benchDir, List<ResultRow> rows) {
        StringBuilder jsonl = new StringBuilder();
        for (ResultRow row : rows) {
            ObjectNode json = Json.mapper().valueToTree(row.columns());
            jsonl.append(json.toString()).append('\n'); // compact: one case, one line
        }
        atomicWrite(benchDir.resolve("results.jsonl"), jsonl.toString());
        atomicWrite(benchDir.resolve("results.csv"), csv(rows));
    }

    static String csv(List<ResultRow> rows) {
        Set<String> header = new LinkedHashSet<>();
        rows.forEach(row -> header.addAll(row.columns().keySet()));
        StringBuilder csv = new StringBuilder(header.stream().map(ResultsWriter::cell).collect(Collectors.joining(",")))
                .append('\n');
        for (ResultRow row : rows) {
            csv.append(header.stream().map(column -> {
                Object value = row.get(column);
                // a map (each judge family's verdicts) is written as the JSON results.jsonl has
                return value == null ? "" : cell(value instanceof java.util.Map<?, ?> ? Json.mapper()
                        .writeValueAsString(value) : String.valueOf(value));
            }).collect(Collectors.joining(","))).append('\n');
        }
        return csv.toString();
    }

    /** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
    static String cell(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    public static void atomicWrite(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temporary, text);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
