package dev.paperorchestra.runtime.sandbox;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Limits of every sandboxed external tool run.
 *
 * @param mode         {@code bwrap}: bubblewrap or no external tool runs, and an agent or the paper service that
 *                     would run one does not start without it; {@code auto}: the same ({@code po demo} alone,
 *                     which compiles only the bundled example, then runs without it); {@code none}: no
 *                     bubblewrap, TeX's own restrictions and the input check only, for materials you trust
 *                     ({@code PO_SANDBOX_MODE}; {@code po run --no-sandbox})
 * @param bwrap        the bubblewrap command
 * @param cpuTime      CPU seconds one process of the run may use (RLIMIT_CPU)
 * @param addressSpace virtual memory one process may map (RLIMIT_AS)
 * @param fileSize     largest file a process may write (RLIMIT_FSIZE); a TeX write loop stops here
 * @param openFiles    open files per process (RLIMIT_NOFILE)
 * @param jobDirSize   most disk the job directory may use; the run is killed and the directory trimmed beyond
 * @param maxPdfSize   largest PDF a compile may make (a paper, its diff, a diagram); a larger one is a failed compile
 *                     saying so, and is never read whole
 */
@Validated
@ConfigurationProperties("po.sandbox")
public record SandboxProperties(
        @DefaultValue("auto") @NotNull Mode mode,
        @DefaultValue("bwrap") @NotNull String bwrap,
        @DefaultValue("300s") @NotNull Duration cpuTime,
        @DefaultValue("2GB") @NotNull DataSize addressSpace,
        @DefaultValue("256MB") @NotNull DataSize fileSize,
        @DefaultValue("256") @Min(16) int openFiles,
        @DefaultValue("512MB") @NotNull DataSize jobDirSize,
        @DefaultValue("64MB") @NotNull DataSize maxPdfSize) {

    /** How external tools are confined; see {@code mode} above. */
    public enum Mode { AUTO, BWRAP, NONE }

    /** A mode as written in configuration or the environment ({@code PO_SANDBOX_MODE}); unset or unknown is auto. */
    public static Mode modeOf(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return Mode.AUTO;
        }
        try {
            return Mode.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            return Mode.AUTO;
        }
    }

    /** The defaults, for code that runs outside Spring (tests, {@code po doctor}). */
    public static SandboxProperties defaults() {
        return new SandboxProperties(Mode.AUTO, "bwrap", Duration.ofSeconds(300), DataSize.ofGigabytes(2),
                DataSize.ofMegabytes(256), 256, DataSize.ofMegabytes(512), DataSize.ofMegabytes(64));
    }

    /** The same limits with another mode. */
    public SandboxProperties withMode(Mode other) {
        return new SandboxProperties(other, bwrap, cpuTime, addressSpace, fileSize, openFiles, jobDirSize, maxPdfSize);
    }

    /** The same limits with another bubblewrap command. */
    public SandboxProperties withBwrap(String command) {
        return new SandboxProperties(mode, command, cpuTime, addressSpace, fileSize, openFiles, jobDirSize, maxPdfSize);
    }

    /** The same limits with another bound on a compiled PDF. */
    public SandboxProperties withMaxPdfSize(DataSize size) {
        return new SandboxProperties(mode, bwrap, cpuTime, addressSpace, fileSize, openFiles, jobDirSize, size);
    }
}
