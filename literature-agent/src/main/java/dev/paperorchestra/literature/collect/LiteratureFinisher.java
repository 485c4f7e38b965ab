package dev.paperorchestra.literature.collect;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;

/** The last step of a paper's collection: registry, bibliography and draft from every verdict. */
@FunctionalInterface
public interface LiteratureFinisher {

    Artifacts finish(LiteratureDraftRequestedEvent request);

    /**
     * What the literature stage leaves for the writer.
     *
     * @param citationMap   citation_map.json
     * @param bibliography  references.bib
     * @param draft         the template with Introduction and Related Work written
     * @param verifiedCount papers in the pool
     * @param rejectedCount candidates rejected
     */
    record Artifacts(ArtifactRef citationMap, ArtifactRef bibliography, ArtifactRef draft, int verifiedCount,
            int rejectedCount) {
    }
}
