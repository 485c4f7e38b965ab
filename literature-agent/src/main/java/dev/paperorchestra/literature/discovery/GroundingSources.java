package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.schemas.Candidate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Turns a web source a grounded searcher answer cites into a candidate: arXiv and doi.org addresses give the
 * identifier, the page title the title. Sources whose title is only a site name carry no paper and are dropped.
 */
final class GroundingSources {

    private static final Pattern ARXIV_URI = Pattern.compile("arxiv\\.org/(?:abs|pdf)/([^/?#]+?)(?:\\.pdf)?(?:[?#].*)?$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern DOI_URI = Pattern.compile("doi\\.org/(10\\.[^?#]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern ARXIV_TITLE_PREFIX = Pattern.compile("^\\[([^\\]]+)]\\s*");
    private static final Pattern SITE_SUFFIX = Pattern.compile("\\s+[-|]\\s+(arXiv|ResearchGate|Semantic Scholar|"
            + "IEEE Xplore|ACM Digital Library|OpenReview|ScienceDirect)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern SITE_NAME = Pattern.compile("^[\\w.-]+\\.[a-z]{2,}$", Pattern.CASE_INSENSITIVE);

    private GroundingSources() {
    }

    static Optional<Candidate> candidate(LlmResponse.Source source, SearchQuery query) {
        String title = source.title().strip();
        String arxivId = match(ARXIV_URI, source.uri());
        Matcher prefix = ARXIV_TITLE_PREFIX.matcher(title);
        if (prefix.find()) {
            arxivId = arxivId != null ? arxivId : prefix.group(1);
            title = title.substring(prefix.end());
        }
        title = SITE_SUFFIX.matcher(title).replaceFirst("").strip();
        if (title.isEmpty() || SITE_NAME.matcher(title).matches()) {
            return Optional.empty();
        }
        return Optional.of(Candidate.newBuilder().setTitle(title).setArxivId(arxivId)
                .setDoi(match(DOI_URI, source.uri())).setQuery(query.text()).setPurpose(query.purpose())
                .setClusterTitle(query.clusterTitle()).setRelevance("grounding source of the searcher: " + source.uri())
                .build());
    }

    private static @Nullable String match(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }
}
