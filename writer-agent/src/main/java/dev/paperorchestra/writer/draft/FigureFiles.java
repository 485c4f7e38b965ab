package dev.paperorchestra.writer.draft;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The bytes behind each {@code figures/<fileName>} the paper includes: the rendering whose format the file
 * name has (the PDF when the name ends in .pdf), or for an author-supplied figure the uploaded file of its
 * original name (the paper includes it under a generated safe name).
 */
final class FigureFiles {

    private FigureFiles() {
    }

    /**
     * @throws PermanentException naming the figure when no stored file fits its file name
     */
    static Map<String, byte[]> resolve(List<Figure> figures, Materials materials, BlobStore blobs) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Figure figure : figures) {
            ArtifactRef ref = source(figure, materials);
            if (ref == null) {
                throw new PermanentException("figure " + figure.getFigureId() + ": no stored file matches "
                        + figure.getFileName() + " (figures-ready carries neither a fitting rendering nor an "
                        + "author file of that name)");
            }
            files.put(figure.getFileName(), blobs.get(ref));
        }
        return files;
    }

    private static @Nullable ArtifactRef source(Figure figure, Materials materials) {
        String name = figure.getFileName();
        if (figure.getAuthorSupplied()) {
            String original = figure.getOriginalFileName() != null ? figure.getOriginalFileName() : name;
            for (NamedArtifact file : materials.getFigures()) {
                if (file.getName().equals(original) || file.getName().endsWith("/" + original)) {
                    return file.getArtifact();
                }
            }
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".pdf")) {
            return figure.getPdf();
        }
        if (lower.endsWith(".png")) {
            return figure.getPng();
        }
        return figure.getPdf() != null ? figure.getPdf() : figure.getPng();
    }
}
