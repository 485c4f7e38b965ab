package dev.paperorchestra.content.materials;

import dev.paperorchestra.runtime.errors.PermanentException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * File names that reach {@code \includegraphics}: always generated, lower-case letters, digits, '_' and '-' with
 * a known extension, so a figure's name can carry no TeX, no path and no shell meaning. An author's own name for
 * a figure is kept only as metadata.
 */
public final class FigureNames {

    private static final Pattern SAFE = Pattern.compile("[a-z0-9][a-z0-9_-]{0,80}\\.(?:pdf|png|jpg)");

    private FigureNames() {
    }

    public static boolean isSafe(String fileName) {
        return SAFE.matcher(fileName).matches();
    }

    /**
     * @throws PermanentException when the name is not one this class would generate
     */
    public static String requireSafe(String fileName) {
        if (!isSafe(fileName)) {
            throw new PermanentException("figure file name '" + fileName + "' is not a generated safe name "
                    + "(lower-case letters, digits, '_', '-' and .pdf, .png or .jpg); it is not put into LaTeX");
        }
        return fileName;
    }

    /**
     * The name an author-supplied figure is included under: {@code author<n>_<id>.<ext>}, the extension from the
     * file's media type (not from its name).
     *
     * @param position 1-based position of the figure among the author's figures (keeps names distinct)
     * @param figureId the figure's snake_case id
     */
    public static String forAuthorFigure(int position, String figureId, String mediaType) {
        String id = figureId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
        if (id.length() > 60) {
            id = id.substring(0, 60);
        }
        String extension = switch (mediaType) {
            case "application/pdf" -> "pdf";
            case "image/jpeg" -> "jpg";
            default -> "png";
        };
        return "author" + position + "_" + id + "." + extension;
    }
}
