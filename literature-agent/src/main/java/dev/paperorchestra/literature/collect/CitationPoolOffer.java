package dev.paperorchestra.literature.collect;

import dev.paperorchestra.literature.registry.CitationMapJson;
import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;

/**
 * What the citations gate offers a person: the verified pool, in citation_map.json's format (keys by cite key,
 * and the rejected), stored in the blob store. Its keys are the ones the draft will use, so removing one names
 * exactly the paper that is left out.
 */
public final class CitationPoolOffer {

    /** generatedBy of the pool offered at the citations gate. */
    static final String LABEL = "literature-agent: the verified citation pool, awaiting approval (remove entries "
            + "from keys to leave them out)";

    private final BlobStore blobs;

    public CitationPoolOffer(BlobStore blobs) {
        this.blobs = blobs;
    }

    /**
     * @param pool     the stored pool
     * @param size     papers in it
     * @param rejected candidates kept out of it
     */
    public record Offer(ArtifactRef pool, int size, int rejected) {
    }

    public Offer offer(LiteratureDraftRequestedEvent request) {
        CitationRegistry pool = CitationRegistry.build(request.getVerdicts());
        return new Offer(blobs.putText(CitationMapJson.write(pool, LABEL), MediaTypes.JSON), pool.size(),
                pool.rejected().size());
    }
}
