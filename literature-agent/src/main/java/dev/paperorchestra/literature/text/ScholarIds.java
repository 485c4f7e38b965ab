package dev.paperorchestra.literature.text;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * DOIs and arXiv identifiers as scholarly sources and web pages write them: bare ({@code 10.1109/CVPR.2016.90},
 * {@code 1706.03762v7}), with a scheme ({@code doi:...}, {@code arXiv:...}) or as an address
 * ({@code https://doi.org/...}, {@code https://arxiv.org/abs/...}, {@code .../pdf/....pdf}). arXiv's own DOIs
 * ({@code 10.48550/arXiv.<id>}, DataCite) name the preprint.
 */
public final class ScholarIds {

    private static final List<String> DOI_PREFIXES = List.of("https://doi.org/", "http://doi.org/",
            "https://dx.doi.org/", "http://dx.doi.org/", "doi:");
    private static final List<String> ARXIV_PREFIXES = List.of("https://arxiv.org/abs/", "http://arxiv.org/abs/",
            "arxiv:");
    private static final String ARXIV_DOI = "10.48550/arxiv.";

    private ScholarIds() {
    }

    /** The DOI without a resolver address or {@code doi:} scheme, as written otherwise. */
    public static String doi(String doi) {
        return withoutPrefix(doi.strip(), DOI_PREFIXES);
    }

    /** The arXiv id without its address or {@code arXiv:} scheme, as written otherwise. */
    public static String arxiv(String arxivId) {
        return withoutPrefix(arxivId.strip(), ARXIV_PREFIXES);
    }

    /** The arXiv id without a trailing version ({@code v7}). */
    public static String withoutVersion(String arxivId) {
        int v = arxivId.lastIndexOf('v');
        boolean version = v > 0 && v < arxivId.length() - 1
                && arxivId.substring(v + 1).chars().allMatch(c -> c >= '0' && c <= '9');
        return version ? arxivId.substring(0, v) : arxivId;
    }

    /** The arXiv id a DataCite DOI of arXiv names ({@code 10.48550/arXiv.2401.00001}). */
    public static Optional<String> arxivOfDoi(String doi) {
        String bare = doi(doi);
        return bare.toLowerCase(Locale.ROOT).startsWith(ARXIV_DOI) && bare.length() > ARXIV_DOI.length()
                ? Optional.of(bare.substring(ARXIV_DOI.length())) : Optional.empty();
    }

    /** The arXiv id of an arxiv.org address ({@code /abs/<id>} or {@code /pdf/<id>.pdf}). */
    public static Optional<String> arxivOfAddress(String address) {
        return path(address, "arxiv.org").flatMap(path -> {
            for (String kind : List.of("/abs/", "/pdf/")) {
                if (path.startsWith(kind)) {
                    String id = path.substring(kind.length());
                    id = id.endsWith(".pdf") ? id.substring(0, id.length() - 4) : id;
                    return id.isEmpty() || id.contains("/") ? Optional.empty() : Optional.of(id);
                }
            }
            return Optional.empty();
        });
    }

    /** The DOI of a doi.org address. */
    public static Optional<String> doiOfAddress(String address) {
        return path(address, "doi.org").map(path -> path.startsWith("/") ? path.substring(1) : path)
                .filter(doi -> doi.startsWith("10."));
    }

    /** The path of an address on a host (or its subdomain), query and fragment left out. */
    private static Optional<String> path(String address, String host) {
        try {
            URI uri = new URI(address.strip());
            String name = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
            if (!name.equals(host) && !name.endsWith("." + host) || uri.getRawPath() == null) {
                return Optional.empty();
            }
            return Optional.of(uri.getPath());
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static String withoutPrefix(String text, List<String> prefixes) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String prefix : prefixes) {
            if (lower.startsWith(prefix)) {
                return text.substring(prefix.length());
            }
        }
        return text;
    }
}
