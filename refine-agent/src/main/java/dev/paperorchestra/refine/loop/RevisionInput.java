package dev.paperorchestra.refine.loop;

/**
 * What a reviser works from.
 *
 * @param paperId         the paper (logs and accounting only)
 * @param iteration       the iteration the revision will be reviewed in
 * @param tex             LaTeX of the best version so far
 * @param reviewJson      its full review
 * @param citationMap     citation_map.json: the only keys a revision may cite
 * @param experimentalLog experimental_log.md: the only source of numbers and results a revision may state
 * @param bibliography    references.bib: the verified entries a revision may cite (the evidence lock's keys)
 * @param idea            idea.md: besides the log, the only other source of numbers
 */
public record RevisionInput(String paperId, int iteration, String tex, String reviewJson, String citationMap,
        String experimentalLog, String bibliography, String idea) {

    /** Without the bibliography and idea (a whole-paper reviser does not read them). */
    public RevisionInput(String paperId, int iteration, String tex, String reviewJson, String citationMap,
            String experimentalLog) {
        this(paperId, iteration, tex, reviewJson, citationMap, experimentalLog, "", "");
    }
}
