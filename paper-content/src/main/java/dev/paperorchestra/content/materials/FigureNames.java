package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.errors.PermanentException;
import java.util.Locale;

/**
 * File names that reach {@code \includegraphics}: always generated, lower-case letters, digits, '_' and '-' with
 * a known extension, so a figure's name can carry no TeX, no path and no shell meaning. An author's own name for
 * a figure is kept only as metadata.
 */
public final class FigureNames {

    private static final java.util.List<String> EXTENSIONS = java.util.List.of(".pdf", ".png", ".jpg");

    private FigureNames() {
    }

    public static boolean isSafe(String fileName) {
        String extension = fileName.length() > 4 ? fileName.substring(fileName.length() - 4) : "";
        String stem = fileName.substring(0, fileName.length() - extension.length());
        return EXTENSIONS.contains(extension) && safeName(stem, 81, false) && stem.indexOf('.') < 0;
    }

    /**
     * Whether a name is a plain file name: a letter or digit first, then letters, digits, '.', '_' and '-' only,
     * at most {@code maxLength} characters; with {@code upperCase} false, lower-case letters only. The one rule of
     * the materials' figure names, kit paths and generated figure names.
     */
    public static boolean safeName(String name, int maxLength, boolean upperCase) {
        if (name.isEmpty() || name.length() > maxLength || !Character.isLetterOrDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letter = c >= 'a' && c <= 'z' || upperCase && c >= 'A' && c <= 'Z';
            if (!(letter || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
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
