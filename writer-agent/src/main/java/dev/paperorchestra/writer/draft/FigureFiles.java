package dev.paperorchestra.writer.draft;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The bytes behind each {@code figures/<fileName>} the paper includes: the rendering whose format the file
 * name has (the PDF when the name ends in .pdf). For an author-supplied figure that is the plotting agent's
 * inspected copy (a PDF rewritten without actions, scripts or embedded files), never the uploaded file itself.
 */
final class FigureFiles {

    private FigureFiles() {
    }

    /**
     * @throws PermanentException naming the figure when no stored file fits its file name
     */
    static Map<String, byte[]> resolve(List<Figure> figures, BlobStore blobs) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Figure figure : figures) {
            ArtifactRef ref = source(figure);
            if (ref == null) {
                throw new PermanentException("figure " + figure.getFigureId() + ": no stored file matches "
                        + figure.getFileName() + " (figures-ready carries neither a fitting rendering nor an "
                        + "author file of that name)");
            }
            files.put(figure.getFileName(), blobs.get(ref));
        }
        return files;
    }

    private static @Nullable ArtifactRef source(Figure figure) {
        String name = figure.getFileName();
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
