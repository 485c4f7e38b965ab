package dev.paperorchestra.refine;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the refine agent.
 *
 * @param defaultIterationLimit refinement iterations after the first review when a job carries no valid limit
 *                              of its own; the job's {@code refineIterationLimit} option wins
 */
@Validated
@ConfigurationProperties("po.refine")
public record RefineAgentProperties(@DefaultValue("3") @Min(0) int defaultIterationLimit) {
}
