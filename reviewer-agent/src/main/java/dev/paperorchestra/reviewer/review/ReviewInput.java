package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.schemas.CompileReport;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Everything a reviewer reads about one paper version.
 *
 * @param paperId          the paper (logs and accounting only)
 * @param iteration        0 for the draft, n for the n-th revision
 * @param version          the version number under review
 * @param tex              its LaTeX
 * @param compile          how compiling it went
 * @param templateSections the template's section titles
 * @param pageLimit        main-text page limit (job option, else the guidelines), when known
 * @param bibKeys          entry keys of references.bib
 * @param pdf              the compiled PDF, when the version compiled
 */
public record ReviewInput(String paperId, int iteration, int version, String tex, CompileReport compile,
        List<String> templateSections, @Nullable Integer pageLimit, Set<String> bibKeys, byte @Nullable [] pdf) {

    public ReviewInput {
        templateSections = List.copyOf(templateSections);
        bibKeys = Set.copyOf(bibKeys);
    }
}
