package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The job options a submitter asked for (command line, request body), each null when not given; with the
 * materials' {@code job.json} they become the job's {@link JobOptions}. Ranges are checked here, once, for
 * every front door.
 *
 * @param cutoff     research cutoff, {@code YYYY-MM} or {@code YYYY-MM-DD}
 * @param venue      venue name
 * @param pageLimit  main-text page limit
 * @param iterations refinement iteration limit
 * @param offline    the deterministic no-model mode
 * @param approvals  approval gates, a comma-separated list such as {@code outline} ({@link ApprovalGates})
 * @param approvalTimeout how long each gate waits, ISO-8601 ({@code PT72H}); null: the deployment's default
 */
public record JobRequest(@Nullable String cutoff, @Nullable String venue, @Nullable Integer pageLimit,
        @Nullable Integer iterations, boolean offline, @Nullable String approvals, @Nullable String approvalTimeout) {

    /** A request without approval gates (the options that predate them). */
    public JobRequest(@Nullable String cutoff, @Nullable String venue, @Nullable Integer pageLimit,
            @Nullable Integer iterations, boolean offline) {
        this(cutoff, venue, pageLimit, iterations, offline, null, null);
    }

    /** The optional defaults file in the materials directory. */
    public static final String JOB_FILE = "job.json";
    /** The fields a job.json may hold; anything else is refused by name. */
    public static final Set<String> JOB_FIELDS = Set.of("cutoffDate", "venue", "pageLimit", "approvals",
            "approvalTimeout");
    private static final int MAX_VENUE = 200;

    /**
     * The job's options: what was asked, else {@code job.json}'s value; problems name the option
     * ({@code --page-limit}) or {@code job.json} and what is wrong.
     *
     * @param jobFile job.json's text, or null when there is none
     */
    @Nullable JobOptions resolve(@Nullable String jobFile, MaterialsLimits limits, List<MaterialsProblem> problems) {
        int before = problems.size();
        Map<String, JsonNode> job = jobFile == null ? Map.of() : parseJobFile(jobFile, problems);
        String cutoffDate = cutoff != null ? cutoff("--cutoff", cutoff, problems)
                : job.containsKey("cutoffDate") ? cutoff(JOB_FILE + " cutoffDate", job.get("cutoffDate").asString(),
                        problems) : null;
        String venueName = venue != null ? venue("--venue", venue, problems)
                : job.containsKey("venue") ? venue(JOB_FILE + " venue", job.get("venue").asString(), problems) : null;
        Integer pages = pageLimit != null ? pages("--page-limit", pageLimit.toString(), limits, problems)
                : job.containsKey("pageLimit") ? pages(JOB_FILE + " pageLimit", job.get("pageLimit").toString(), limits,
                        problems) : null;
        if (iterations != null) {
            iterations("--iterations", iterations, limits, problems);
        }
        List<String> gates = approvals != null ? gates("--approvals", approvals, problems)
                : job.containsKey("approvals") ? gates(JOB_FILE + " approvals", joined(job.get("approvals")), problems)
                        : List.of();
        String timeout = approvalTimeout != null ? timeout("--approval-timeout", approvalTimeout, problems)
                : job.containsKey("approvalTimeout") ? timeout(JOB_FILE + " approvalTimeout",
                        job.get("approvalTimeout").asString(), problems) : null;
        if (problems.size() > before) {
            return null;
        }
        JobOptions.Builder options = JobOptions.newBuilder().setCutoffDate(cutoffDate).setVenue(venueName)
                .setPageLimit(pages).setLlmMode(offline ? LlmMode.OFFLINE : LlmMode.MODEL).setApprovals(gates)
                .setApprovalTimeout(timeout);
        if (iterations != null) {
            options.setRefineIterationLimit(iterations);
        }
        return options.build();
    }

    /**
     * The ranges checked again on options that arrive in a job (from any submitter), problems naming the field.
     */
    public static List<MaterialsProblem> checkRanges(JobOptions options, MaterialsLimits limits) {
        List<MaterialsProblem> problems = new java.util.ArrayList<>();
        if (options.getPageLimit() != null) {
            pages("pageLimit", options.getPageLimit().toString(), limits, problems);
        }
        iterations("refineIterationLimit", options.getRefineIterationLimit(), limits, problems);
        if (options.getCutoffDate() != null) {
            cutoff("cutoffDate", options.getCutoffDate(), problems);
        }
        gates("approvals", String.join(",", options.getApprovals()), problems);
        if (options.getApprovalTimeout() != null) {
            timeout("approvalTimeout", options.getApprovalTimeout(), problems);
        }
        return problems;
    }

    private static void iterations(String where, int value, MaterialsLimits limits, List<MaterialsProblem> problems) {
        if (value < 0 || value > limits.maxIterations()) {
            problems.add(new MaterialsProblem(where, value + " is out of range; 0 to " + limits.maxIterations()
                    + " refinement iterations are accepted (po.materials.max-iterations)"));
        }
    }

    /** {@code YYYY-MM} means the first day of that month; {@code YYYY-MM-DD} is taken as is. */
    public static String normaliseCutoff(String cutoff) {
        try {
            if (cutoff.matches("\\d{4}-\\d{2}")) {
                return YearMonth.parse(cutoff).atDay(1).toString();
            }
            if (cutoff.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(cutoff).toString();
            }
        } catch (DateTimeParseException e) {
            // named below
        }
        throw new IllegalArgumentException("cutoff date '" + cutoff + "' is neither YYYY-MM nor YYYY-MM-DD");
    }

    private static @Nullable String cutoff(String where, String value, List<MaterialsProblem> problems) {
        try {
            return normaliseCutoff(value);
        } catch (IllegalArgumentException e) {
            problems.add(new MaterialsProblem(where, "'" + shorten(value) + "' is not a date: use YYYY-MM or "
                    + "YYYY-MM-DD, e.g. 2024-11"));
            return null;
        }
    }

    private static List<String> gates(String where, String value, List<MaterialsProblem> problems) {
        try {
            return ApprovalGates.parse(value);
        } catch (IllegalArgumentException e) {
            problems.add(new MaterialsProblem(where, e.getMessage()));
            return List.of();
        }
    }

    private static @Nullable String timeout(String where, String value, List<MaterialsProblem> problems) {
        try {
            return ApprovalGates.timeout(value).toString();
        } catch (IllegalArgumentException e) {
            problems.add(new MaterialsProblem(where, e.getMessage()));
            return null;
        }
    }

    /** job.json's approvals as an array of gate names or one comma-separated string. */
    private static String joined(JsonNode approvals) {
        if (approvals.isArray()) {
            List<String> names = new java.util.ArrayList<>();
            approvals.forEach(name -> names.add(name.asString()));
            return String.join(",", names);
        }
        return approvals.asString();
    }

    private static @Nullable String venue(String where, String value, List<MaterialsProblem> problems) {
        if (value.isBlank() || value.length() > MAX_VENUE || value.chars().anyMatch(Character::isISOControl)) {
            problems.add(new MaterialsProblem(where, "a venue is a name of 1 to " + MAX_VENUE
                    + " characters without control characters"));
            return null;
        }
        return value.strip();
    }

    private static @Nullable Integer pages(String where, String value, MaterialsLimits limits,
            List<MaterialsProblem> problems) {
        String problem = MaterialsContent.pageLimitProblem(value, limits.maxPageLimit());
        if (problem != null) {
            problems.add(new MaterialsProblem(where, "'" + shorten(value) + "': " + problem));
            return null;
        }
        return Integer.parseInt(value);
    }

    /** Every field of a job.json object, refusing anything but the known fields with their types. */
    private static Map<String, JsonNode> parseJobFile(String text, List<MaterialsProblem> problems) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(text);
        } catch (JacksonException e) {
            problems.add(new MaterialsProblem(JOB_FILE, "is not valid JSON (" + e.getOriginalMessage() + ")"));
            return Map.of();
        }
        if (root == null || !root.isObject()) {
            problems.add(new MaterialsProblem(JOB_FILE, "must be a JSON object such as "
                    + "{\"cutoffDate\": \"2024-11\", \"venue\": \"CVPR 2025\", \"pageLimit\": 8}"));
            return Map.of();
        }
        Map<String, JsonNode> fields = new java.util.LinkedHashMap<>();
        for (var field : root.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (!JOB_FIELDS.contains(name)) {
                problems.add(new MaterialsProblem(JOB_FILE, "unknown field '" + shorten(name)
                        + "'; the known fields are cutoffDate, venue, pageLimit, approvals and approvalTimeout"));
            } else if (value.isNull()) {
                continue;
            } else if (name.equals("approvals") ? !value.isString() && !(value.isArray()
                    && java.util.stream.StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isString))
                    : name.equals("pageLimit") ? !value.isIntegralNumber() : !value.isString()) {
                problems.add(new MaterialsProblem(JOB_FILE, name + " must be " + (name.equals("pageLimit")
                        ? "a whole number" : name.equals("approvals") ? "an array of gate names such as [\"outline\"]"
                        : "a string") + ", not " + shorten(value.toString())));
            } else {
                fields.put(name, value);
            }
        }
        return fields;
    }

    private static String shorten(String value) {
        return value.length() <= 60 ? value : value.substring(0, 60) + "...";
    }
}
