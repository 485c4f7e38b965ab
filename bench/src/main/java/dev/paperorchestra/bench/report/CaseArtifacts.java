package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What a case page shows from a written paper's files beyond summary.json: each figure with where it came from,
 * and the review score of every refinement iteration (reviews/iteration-N.json), so a reader sees how the paper
 * moved, not only where it ended.
 */
final class CaseArtifacts {

    private static final String ITERATION = "iteration-";
    private static final String JSON = ".json";

    private CaseArtifacts() {
    }

    /**
     * One figure of a paper.
     *
     * @param name       the figure's file name under figures/
     * @param image      the image's path relative to BENCH_DIR (the report's directory)
     * @param provenance where it came from, in words: the chart's kind and the logged table it draws, or "supplied
     *                   with the materials" for a figure without a plotting record
     */
    record Figure(String name, String image, String provenance) {
    }

    /** The PNG figures of a paper, by name; a figure with only a PDF has no thumbnail and is not listed. */
    static List<Figure> figures(Path benchDir, Path outputDir) {
        Path dir = outputDir.resolve("figures");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Figure> figures = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path png : files.filter(file -> file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png"))
                    .sorted().toList()) {
                String name = png.getFileName().toString();
                Path record = dir.resolve(name.substring(0, name.length() - 4) + ".json");
                figures.add(new Figure(name, benchDir.relativize(png).toString().replace('\\', '/'),
                        provenance(record)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        return figures;
    }

    static String provenance(Path record) {
        JsonNode json = read(record);
        if (json == null) {
            return "supplied with the materials (no plotting record)";
        }
        StringBuilder text = new StringBuilder();
        String kind = json.path("kind").asString("").replace('_', ' ');
        text.append(kind.isBlank() ? "figure" : kind).append(", ").append(json.path("mode").asString("?"))
                .append(" mode");
        String table = json.path("source_table").asString("");
        if (!table.isBlank()) {
            text.append("; draws \"").append(table).append("\" from ")
                    .append(json.path("source_document").asString("the materials")).append(" (")
                    .append(json.path("cells").size()).append(" cells)");
        }
        if (json.path("fell_back").asBoolean(false)) {
            text.append("; simplest faithful rendering: ").append(json.path("fallback_reason").asString("no reason given"));
        }
        int rounds = json.path("critique_rounds").size();
        if (rounds > 0) {
            text.append("; ").append(rounds).append(rounds == 1 ? " critique round" : " critique rounds");
        }
        return text.toString();
    }

    /**
     * The overall score of each review, in iteration order ("3, 4, 4"), or null when the paper has no reviews; a
     * review without a numeric score is shown as "?".
     */
    static @org.jspecify.annotations.Nullable String reviewScores(Path outputDir) {
        Path dir = outputDir.resolve("reviews");
        if (!Files.isDirectory(dir)) {
            return null;
        }
        TreeMap<Integer, String> scores = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(file -> {
                String name = file.getFileName().toString();
                String number = name.startsWith(ITERATION) && name.endsWith(JSON)
                        ? name.substring(ITERATION.length(), name.length() - JSON.length()) : "";
                if (!number.isEmpty() && number.length() < 10 && number.chars().allMatch(Character::isDigit)) {
                    JsonNode review = read(file);
                    JsonNode overall = review == null ? null : review.path("Overall");
                    scores.put(Integer.parseInt(number), overall != null && overall.isNumber()
                            ? java.math.BigDecimal.valueOf(overall.asDouble()).stripTrailingZeros().toPlainString() : "?");
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        return scores.isEmpty() ? null : String.join(", ", scores.values());
    }

    /** A JSON file, or null when it is missing or not JSON (a damaged record never stops the report). */
    private static @org.jspecify.annotations.Nullable JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException | JacksonException e) {
            return null;
        }
    }
}
