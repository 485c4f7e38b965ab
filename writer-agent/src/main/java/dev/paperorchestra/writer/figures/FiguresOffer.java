package dev.paperorchestra.writer.figures;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures gate's side in the writer: what a person is offered ({@code figures.json}: every rendered figure by
 * its id, with its title, caption, file and the blob addresses of its renderings and provenance, plus the planned
 * figures that were not made), and the figures the writer gets once some were dropped.
 */
public final class FiguresOffer {

    /** The object of the offer whose entries an approver may remove. */
    public static final String FIELD = "figures";

    private final BlobStore blobs;

    public FiguresOffer(BlobStore blobs) {
        this.blobs = blobs;
    }

    /** Stores the offer of these figures; its reference is what the gate holds. */
    public ArtifactRef store(FiguresReadyEvent ready) {
        return blobs.putText(json(ready), MediaTypes.JSON);
    }

    /** The offer: {@code {"generatedBy", "figures": {id: {...}}, "skipped": ["id: reason"]}}. */
    public static String json(FiguresReadyEvent ready) {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("generatedBy", "writer-agent: the rendered figures, awaiting approval (remove entries from "
                + FIELD + " to leave them out of the paper)");
        ObjectNode figures = root.putObject(FIELD);
        for (Figure figure : ready.getFigures()) {
            ObjectNode entry = figures.putObject(figure.getFigureId());
            entry.put("title", figure.getTitle()).put("caption", figure.getCaption())
                    .put("fileName", figure.getFileName()).put("aspectRatio", figure.getAspectRatio())
                    .put("authorSupplied", figure.getAuthorSupplied())
                    .put("png", uri(figure.getPng())).put("pdf", uri(figure.getPdf()))
                    .put("provenance", uri(figure.getProvenance()));
        }
        ready.getSkipped().forEach(root.putArray("skipped")::add);
        return Json.mapper().writeValueAsString(root);
    }

    /**
     * The figures without those the approver dropped: each moves to the skipped list with why, so the writer
     * treats it as a planned figure that was not made and the paper never refers to it.
     */
    public static FiguresReadyEvent without(FiguresReadyEvent ready, List<String> dropped, String why) {
        if (dropped.isEmpty()) {
            return ready;
        }
        Set<String> out = new HashSet<>(dropped);
        List<Figure> kept = new ArrayList<>();
        List<String> skipped = new ArrayList<>(ready.getSkipped());
        for (Figure figure : ready.getFigures()) {
            if (out.contains(figure.getFigureId())) {
                skipped.add(figure.getFigureId() + ": " + why);
            } else {
                kept.add(figure);
            }
        }
        return FiguresReadyEvent.newBuilder(ready).setFigures(kept).setSkipped(skipped).build();
    }

    private static @Nullable String uri(@Nullable ArtifactRef ref) {
        return ref == null ? null : ref.getUri();
    }
}
