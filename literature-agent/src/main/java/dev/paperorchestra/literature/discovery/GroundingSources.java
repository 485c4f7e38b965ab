package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.literature.text.ScholarIds;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a web source a grounded searcher answer cites into a candidate: arXiv and doi.org addresses give the
 * identifier, the page title the title. Sources whose title is only a site name carry no paper and are dropped.
 */
final class GroundingSources {

    /** Sites whose name a page title carries after its own ("Attention Is All You Need - arXiv"). */
    private static final List<String> SITES = List.of("arxiv", "researchgate", "semantic scholar", "ieee xplore",
            "acm digital library", "openreview", "sciencedirect");

    private GroundingSources() {
    }

    static Optional<Candidate> candidate(LlmResponse.Source source, SearchQuery query) {
        String title = source.title().strip();
        String arxivId = ScholarIds.arxivOfAddress(source.uri()).orElse(null);
        // arXiv's page titles start with the id: "[1706.03762] Attention Is All You Need"
        int close = title.indexOf(']');
        if (title.startsWith("[") && close > 1) {
            arxivId = arxivId != null ? arxivId : title.substring(1, close);
            title = title.substring(close + 1).strip();
        }
        title = withoutSite(title);
        if (title.isEmpty() || isSiteName(title)) {
            return Optional.empty();
        }
        return Optional.of(Candidate.newBuilder().setTitle(title).setArxivId(arxivId)
                .setDoi(ScholarIds.doiOfAddress(source.uri()).orElse(null)).setQuery(query.text())
                .setPurpose(query.purpose())
                .setClusterTitle(query.clusterTitle()).setRelevance("grounding source of the searcher: " + source.uri())
                .build());
    }

    /** The title without a trailing " - arXiv" or " | IEEE Xplore". */
    private static String withoutSite(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        for (String site : SITES) {
            for (String separator : List.of(" - ", " | ")) {
                if (lower.endsWith(separator + site)) {
                    return title.substring(0, title.length() - separator.length() - site.length()).strip();
                }
            }
        }
        return title;
    }

    /** A title that is only a site's name: one word with a dot before a top-level domain ("example.org"). */
    private static boolean isSiteName(String title) {
        int dot = title.lastIndexOf('.');
        return dot > 0 && dot < title.length() - 2 && title.chars().noneMatch(Character::isWhitespace)
                && title.substring(dot + 1).chars().allMatch(c -> c < 128 && Character.isLetter(c));
    }
}
