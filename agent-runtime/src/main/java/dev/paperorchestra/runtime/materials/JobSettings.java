package dev.paperorchestra.runtime.materials;

import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Job options from the command line, falling back to the materials' optional {@code job.json}
 * ({@code {"cutoffDate": "2024-11", "venue": "CVPR 2025", "pageLimit": 8}}). {@code po run} and the paper
 * service resolve a job's options here, so a job means the same whichever door it came in by.
 */
public final class JobSettings {

    public static final String JOB_FILE = "job.json";

    private JobSettings() {
    }

    /**
     * @throws InvalidMaterialsException naming job.json when it is not valid JSON
     * @throws IllegalArgumentException  when the cutoff date is neither YYYY-MM nor YYYY-MM-DD
     */
    public static JobOptions resolve(Path materials, @Nullable String cutoff, @Nullable String venue,
            @Nullable Integer pageLimit, int iterations, boolean offline) {
        JsonNode job = readJobFile(materials);
        String cutoffText = cutoff != null ? cutoff : text(job, "cutoffDate");
        return JobOptions.newBuilder()
                .setCutoffDate(cutoffText == null ? null : normaliseCutoff(cutoffText))
                .setVenue(venue != null ? venue : text(job, "venue"))
                .setPageLimit(pageLimit != null ? pageLimit
                        : job != null && job.hasNonNull("pageLimit") ? Integer.valueOf(job.get("pageLimit").asInt()) : null)
                .setRefineIterationLimit(iterations)
                .setLlmMode(offline ? LlmMode.OFFLINE : LlmMode.MODEL)
                .build();
    }

    /** {@code YYYY-MM} means the first day of that month; {@code YYYY-MM-DD} is taken as is. */
    public static String normaliseCutoff(String cutoff) {
        try {
            if (cutoff.matches("\\d{4}-\\d{2}")) {
                return YearMonth.parse(cutoff).atDay(1).toString();
            }
            return LocalDate.parse(cutoff).toString();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("cutoff date '" + cutoff + "' is neither YYYY-MM nor YYYY-MM-DD");
        }
    }

    private static @Nullable JsonNode readJobFile(Path materials) {
        Path file = materials.resolve(JOB_FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException | JacksonException e) {
            throw new InvalidMaterialsException(file.toString(), "is not valid JSON (" + e.getMessage() + ")");
        }
    }

    private static @Nullable String text(@Nullable JsonNode job, String field) {
        return job != null && job.hasNonNull(field) ? job.get(field).asString() : null;
    }
}
