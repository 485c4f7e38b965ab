package dev.paperorchestra.outline;

import dev.paperorchestra.outline.schema.AspectRatios;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Outline agent settings.
 *
 * @param maxFigures         most figures the offline outline plans (one plot per numeric table of the log, in
 *                           log order; later tables are reported as tables only)
 * @param defaultAspectRatio aspect ratio of a planned plot, one of 1:1 1:4 2:3 3:2 3:4 4:1 4:3 4:5 5:4 9:16 16:9
 *                           21:9; tables of more than six rows get 16:9
 * @param maxRepairs         times an outline from the planner model that violates the schema is sent back
 *                           with its violations before the paper fails
 */
@Validated
@ConfigurationProperties("po.outline")
public record OutlineAgentProperties(
        @DefaultValue("6") @Min(0) @Max(50) int maxFigures,
        @DefaultValue("4:3") @NotNull @Pattern(regexp = AspectRatios.PATTERN) String defaultAspectRatio,
        @DefaultValue("2") @Min(0) @Max(10) int maxRepairs) {
}
