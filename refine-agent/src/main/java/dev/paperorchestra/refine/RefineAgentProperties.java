package dev.paperorchestra.refine;

import dev.paperorchestra.schemas.JobDefaults;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the refine agent.
 *
 * @param defaultIterationLimit refinement iterations after the first review when a job carries no valid limit
 *                              of its own; the job's {@code refineIterationLimit} option wins
 * @param latexmk               the latexmk command revisions are compiled with; when it cannot be found a
 *                              revision is reviewed without a PDF (its text checks still apply)
 * @param compileTimeout        longest one compile of a revision may take; a timeout rejects the revision
 * @param workDir               directory under which each compile of a revision gets its own job directory
 * @param planPoints            when the review carries a reviewer panel's meta-review, how many of its ranked
 *                              points one revision addresses (one section edit, one model request each)
 */
@Validated
@ConfigurationProperties("po.refine")
public record RefineAgentProperties(
        @DefaultValue("" + JobDefaults.REFINE_ITERATIONS) @Min(0) int defaultIterationLimit,
        @DefaultValue("latexmk") @NotBlank String latexmk,
        @DefaultValue("180s") @NotNull @DurationMin(seconds = 1) Duration compileTimeout,
        @DefaultValue(".po-state/refine-jobs") @NotNull Path workDir,
        @DefaultValue("3") @Min(1) @Max(20) int planPoints) {
}
