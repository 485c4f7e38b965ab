package dev.paperorchestra.service.revision;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One POST /revisions as received: every file already on this service's disk.
 *
 * @param paper        the paper's LaTeX source as a zip
 * @param reviews      the review files in upload order, each with the file name the submitter gave it
 * @param materials    a zip with experimental_log.md and idea.md, or null
 * @param verifiedBib  extra verified BibTeX entries, or null
 * @param paperId      the id asked for, or null for one generated from the paper's folder name
 * @param offline      the offline rules (the only mode built; model mode runs them too, labelled)
 * @param pageLimit    the revised paper's main-text page limit, or null
 */
public record RevisionUpload(Path paper, List<Review> reviews, @Nullable Path materials, @Nullable Path verifiedBib,
        @Nullable String paperId, boolean offline, @Nullable Integer pageLimit) {

    public RevisionUpload {
        reviews = List.copyOf(reviews);
    }

    /** @param name the file name as uploaded; its ending picks the reader (.md, .txt, .json) */
    public record Review(String name, Path file) {
    }
}
