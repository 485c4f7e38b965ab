package dev.paperorchestra.schemas;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The approval gates a job may ask for ({@link JobOptions#getApprovals()}), written once for the command line,
 * job.json, the paper service and the agents. Every gate is built; asking for an unknown one is refused by
 * name rather than silently passing through.
 */
public final class ApprovalGates {

    /** Before literature and plotting start: the outline, which fixes every later model call. */
    public static final String OUTLINE = "outline";
    /** After verification, before introduction and related work are drafted: the verified citation pool. */
    public static final String CITATIONS = "citations";
    /** After the figures are rendered, before the writer starts: the figures. */
    public static final String FIGURES = "figures";
    /** After the review loop, before paper-completed: the final paper. */
    public static final String FINAL = "final";

    /** Every gate name, in pipeline order. */
    public static final List<String> ALL = List.of(OUTLINE, CITATIONS, FIGURES, FINAL);

    /** How long a gate waits when neither the job nor the deployment says (po.approval.timeout). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofDays(7);
    /** The longest wait a job may ask for. */
    public static final Duration MAX_TIMEOUT = Duration.ofDays(90);

    private ApprovalGates() {
    }

    /**
     * The gates of a comma-separated list ({@code outline,final}), in pipeline order, each once.
     *
     * @throws IllegalArgumentException naming an unknown gate
     */
    public static List<String> parse(String list) {
        List<String> names = new ArrayList<>();
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                names.add(part.strip().toLowerCase(Locale.ROOT));
            }
        }
        return check(names);
    }

    /**
     * The gates, checked: each known, in pipeline order, each once.
     *
     * @throws IllegalArgumentException naming an unknown gate
     */
    public static List<String> check(List<String> names) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : names) {
            String gate = name.strip().toLowerCase(Locale.ROOT);
            if (!ALL.contains(gate)) {
                throw new IllegalArgumentException("unknown approval gate '" + shorten(name) + "': one of "
                        + String.join(", ", ALL));
            }
            wanted.add(gate);
        }
        return ALL.stream().filter(wanted::contains).toList();
    }

    /**
     * A gate's wait as an ISO-8601 duration ({@code PT72H}, {@code P3D}), positive and at most {@link #MAX_TIMEOUT}.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Duration timeout(String text) {
        Duration timeout;
        try {
            timeout = Duration.parse(text.strip().toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("approval timeout '" + shorten(text)
                    + "' is not an ISO-8601 duration such as PT72H or P3D");
        }
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException("approval timeout " + timeout + " is out of range: more than 0 and "
                    + "at most " + MAX_TIMEOUT);
        }
        return timeout;
    }

    private static String shorten(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "...";
    }
}
