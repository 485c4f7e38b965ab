package dev.paperorchestra.literature.plan;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.runtime.outline.LiteratureQueries;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns an outline into discovery tasks: one per introduction search direction, per related-work mission and
 * limitation query, and per citation hint. The collector waits for exactly as many answers as there are tasks.
 */
public final class DiscoveryPlanner {

    private final BlobStore blobs;

    public DiscoveryPlanner(BlobStore blobs) {
        this.blobs = blobs;
    }

    /** The tasks for a paper whose outline is in the blob store. */
    public List<LiteratureSearchTaskCreatedEvent> plan(PaperContext context) {
        if (context.getOutline() == null) {
            throw new PermanentException(OutlineReader.FILE + ": paper " + context.getPaperId()
                    + " reached the literature stage without an outline");
        }
        List<SearchQuery> queries = queries(OutlineReader.read(blobs.getText(context.getOutline())));
        if (queries.isEmpty()) {
            // the collector completes on the last answer; a paper without tasks would never complete
            throw new PermanentException(OutlineReader.FILE + ": no search direction, related-work query or "
                    + "citation hint to search literature for");
        }
        List<LiteratureSearchTaskCreatedEvent> tasks = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            SearchQuery query = queries.get(i);
            tasks.add(LiteratureSearchTaskCreatedEvent.newBuilder()
                    .setTaskId(PaperKeys.taskKey(context.getPaperId(), "lit-" + i))
                    .setContext(context)
                    .setQuery(query.text())
                    .setPurpose(query.purpose())
                    .setClusterTitle(query.clusterTitle())
                    .setTaskCount(queries.size())
                    .build());
        }
        return tasks;
    }

    /** The distinct queries of an outline, in outline order; the first purpose of a repeated query wins. */
    public static List<SearchQuery> queries(LiteratureOutline outline) {
        List<SearchQuery> queries = new ArrayList<>();
        outline.searchDirections().forEach(direction ->
                queries.add(new SearchQuery(direction, Purpose.INTRODUCTION, null)));
        for (LiteratureOutline.Cluster cluster : outline.clusters()) {
            if (!cluster.mission().isBlank()) {
                queries.add(new SearchQuery(cluster.mission(), Purpose.RELATED_WORK, cluster.title()));
            }
            cluster.limitationSearchQueries().forEach(limitation ->
                    queries.add(new SearchQuery(limitation, Purpose.RELATED_WORK, cluster.title())));
        }
        outline.citationHints().forEach(hint ->
                queries.add(new SearchQuery(LiteratureQueries.forCitationHint(hint), Purpose.CITATION_HINT, null)));
        Set<String> seen = new HashSet<>();
        return queries.stream().filter(query -> LiteratureQueries.isNew(query.text(), seen)).toList();
    }
}
