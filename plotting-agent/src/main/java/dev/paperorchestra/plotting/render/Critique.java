package dev.paperorchestra.plotting.render;

import java.util.List;

/**
 * A critic's verdict on one rendering.
 *
 * @param approved true when the figure can be used as it is
 * @param issues   what the critic found (legibility, overlap, wrong data, wasted space)
 */
public record Critique(boolean approved, List<String> issues) {

    public Critique {
        issues = List.copyOf(issues);
    }
}
