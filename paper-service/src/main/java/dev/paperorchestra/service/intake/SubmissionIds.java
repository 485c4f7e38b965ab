package dev.paperorchestra.service.intake;

import dev.paperorchestra.runtime.kafka.PaperIds;
import dev.paperorchestra.service.status.PaperViews;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * The id an upload is submitted under: the one the submitter asked for, if valid and unused, or one generated from
 * the upload's folder name and made unique among the papers the service knows. The id rule is {@link PaperIds}.
 */
public final class SubmissionIds {

    private SubmissionIds() {
    }

    /** @throws PaperIdTakenException when the requested id is already known */
    public static String choose(PaperViews views, Clock clock, @Nullable String requested, String name) {
        if (requested != null && !requested.isBlank()) {
            PaperIds.requireValid(requested);
            if (views.find(requested).isPresent()) {
                throw new PaperIdTakenException(requested);
            }
            return requested;
        }
        String generated = PaperIds.generate(name, LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC));
        String id = generated;
        for (int n = 2; views.find(id).isPresent(); n++) {
            id = PaperIds.alternative(generated, n);
        }
        return id;
    }

    /** The name of the folder an archive held its files in, or "paper" when it held them at its top level. */
    public static String folderName(Path unpacked, Path root) {
        return root.equals(unpacked) ? "paper" : root.getFileName().toString();
    }
}
