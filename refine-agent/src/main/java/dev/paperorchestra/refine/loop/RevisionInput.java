package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.ReviewScores;

/**
 * What a reviser works from.
 *
 * @param paperId    the paper (logs and accounting only)
 * @param iteration  the iteration the revision will be reviewed in
 * @param tex        LaTeX of the best version so far
 * @param reviewJson its full review
 * @param scores     its scores
 * @param citationMap citation_map.json: the only keys a revision may cite
 */
public record RevisionInput(String paperId, int iteration, String tex, String reviewJson, ReviewScores scores,
        String citationMap) {
}
