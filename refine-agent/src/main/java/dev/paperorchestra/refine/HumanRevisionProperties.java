package dev.paperorchestra.refine;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the revision from human reviews (revision-requests) in the refine agent; its compiles use
 * {@code po.refine.latexmk} and {@code po.refine.compile-timeout}.
 *
 * @param latexdiff the latexdiff command the change-highlighted PDF is made with, run in the compile sandbox;
 *                  when it cannot be found the revision has no diff (and says so in its summary)
 * @param workDir   directory under which each revision gets its own directory (its uploaded files, compiles and
 *                  outputs, deleted once they are in the blob store)
 * @param citationTimeout in model mode, how long the revision waits for the literature agent to verify a work a
 *                  reviewer named (queue included) before it gives up (retriable: the request is redelivered)
 */
@Validated
@ConfigurationProperties("po.revision")
public record HumanRevisionProperties(
        @DefaultValue("latexdiff") @NotBlank String latexdiff,
        @DefaultValue(".po-state/revision-jobs") @NotNull Path workDir,
        @DefaultValue("5m") @NotNull Duration citationTimeout) {
}
