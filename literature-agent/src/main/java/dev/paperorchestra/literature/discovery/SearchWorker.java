package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Answers one search task: offline jobs search the replay store (the job's own scholar_records.json first),
 * model jobs the model's searcher. A model job never falls back to offline records: that would pass recorded
 * papers off as the model's findings.
 */
public final class SearchWorker {

    private final Function<@Nullable ArtifactRef, DiscoverySource> offline;
    private final DiscoverySource model;

    /**
     * @param offline the offline sources of a job, given the scholar_records.json of its materials (or null)
     * @param model   the sources of model jobs
     */
    public SearchWorker(Function<@Nullable ArtifactRef, DiscoverySource> offline, DiscoverySource model) {
        this.offline = offline;
        this.model = model;
    }

    public LiteratureCandidatesFoundEvent answer(LiteratureSearchTaskCreatedEvent task) {
        DiscoverySource source = ModelMode.isOffline(task.getContext())
                ? offline.apply(task.getContext().getMaterials().getScholarRecords()) : model;
        SearchQuery query = new SearchQuery(task.getQuery(), task.getPurpose(), task.getClusterTitle());
        return LiteratureCandidatesFoundEvent.newBuilder()
                .setTaskId(task.getTaskId())
                .setContext(task.getContext())
                .setTaskCount(task.getTaskCount())
                .setCandidates(source.search(task.getContext().getPaperId(), query))
                .setSource(source.name())
                .setScholarSearch(source.delegatedSearch(query).orElse(null))
                .build();
    }
}
