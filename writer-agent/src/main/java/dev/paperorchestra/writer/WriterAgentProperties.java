package dev.paperorchestra.writer;

import dev.paperorchestra.writer.repair.RepairLimits;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
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
 * Settings of the writer agent.
 *
 * @param compileTimeout    longest time one latexmk run may take before its process tree is killed and the
 *                          compile is reported as failed (the draft still goes on, without a PDF)
 * @param latexmk           the latexmk command: a name looked up on PATH or an absolute path; when it cannot be
 *                          found the PDF is skipped and the draft goes on without one
 * @param workDir           directory under which each compile gets a fresh job directory
 *                          ({@code <paperId>-<n>}); removed after a successful compile, kept after a failure
 *                          for inspection
 * @param maxGateRepairs    model mode: most repair calls per draft for integrity gate findings
 * @param maxCompileRepairs model mode: most repair calls per draft for LaTeX errors
 * @param maxPageRepairs    model mode: most calls per draft asking to bring the main text within the page
 *                          bounds (shorten it past the limit, complete it below the floor)
 * @param pageFillFloor     model mode: least share of the page limit the main text must fill (0.1-1.0; {@code po
 *                          simulate} sets 0.1 because its scripted model writes only what the generated materials
 *                          hold, two or three pages); a shorter paper fails the PAGES gate and is sent back to be
 *                          completed
 */
@Validated
@ConfigurationProperties("po.writer")
public record WriterAgentProperties(
        @DefaultValue("180s") @NotNull @DurationMin(seconds = 1) Duration compileTimeout,
        @DefaultValue("latexmk") @NotBlank String latexmk,
        @DefaultValue(".po-state/writer-jobs") @NotNull Path workDir,
        @DefaultValue("2") @Min(0) @Max(5) int maxGateRepairs,
        @DefaultValue("2") @Min(0) @Max(5) int maxCompileRepairs,
        @DefaultValue("2") @Min(0) @Max(5) int maxPageRepairs,
        @DefaultValue("0.85") @DecimalMin("0.1") @DecimalMax("1.0") double pageFillFloor) {

    public RepairLimits repairLimits() {
        return new RepairLimits(maxGateRepairs, maxCompileRepairs, maxPageRepairs, pageFillFloor);
    }

    /** The longest a draft may take: one compile per version (the first and each repair's). */
    public Duration draftCompileBudget() {
        return compileTimeout.multipliedBy(1L + maxGateRepairs + maxCompileRepairs + maxPageRepairs);
    }
}
