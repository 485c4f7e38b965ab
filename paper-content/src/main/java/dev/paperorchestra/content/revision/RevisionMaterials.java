package dev.paperorchestra.content.revision;

/**
 * What a revision may draw on: the paper as submitted and, when given, the materials it came from (the only
 * source of new numbers).
 *
 * @param tex             the paper's LaTeX, as submitted
 * @param bibliography    its BibTeX (the verified references)
 * @param experimentalLog experimental_log.md, "" when not given
 * @param idea            idea.md, "" when not given
 */
public record RevisionMaterials(String tex, String bibliography, String experimentalLog, String idea) {
}
