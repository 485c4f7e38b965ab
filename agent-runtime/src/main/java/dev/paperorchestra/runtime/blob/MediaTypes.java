package dev.paperorchestra.runtime.blob;

/** Media types of the artifacts the agents exchange. */
public final class MediaTypes {

    public static final String MARKDOWN = "text/markdown";
    public static final String TEX = "text/x-tex";
    public static final String BIBTEX = "application/x-bibtex";
    public static final String JSON = "application/json";
    public static final String PDF = "application/pdf";
    public static final String PNG = "image/png";
    public static final String OCTETS = "application/octet-stream";

    private MediaTypes() {
    }

    /** A media type guessed from a file name, for author-supplied files. */
    public static String forFileName(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".pdf")) {
            return PDF;
        }
        if (lower.endsWith(".png")) {
            return PNG;
        }
        if (lower.endsWith(".jpg") || lower.endsWith(".jpeg")) {
            return "image/jpeg";
        }
        if (lower.endsWith(".tex")) {
            return TEX;
        }
        if (lower.endsWith(".md")) {
            return MARKDOWN;
        }
        if (lower.endsWith(".json")) {
            return JSON;
        }
        return OCTETS;
    }
}
