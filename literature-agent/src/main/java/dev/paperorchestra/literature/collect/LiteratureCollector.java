package dev.paperorchestra.literature.collect;

import dev.paperorchestra.literature.verify.LookupKeys;
import dev.paperorchestra.runtime.streams.PaperAggregation;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.VerifyRequestKind;
import dev.paperorchestra.schemas.state.LiteratureCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * Collects a paper's discovery answers and verdicts. Candidates are deduplicated on arrival and sent to the
 * verifier at once, so verification overlaps discovery; a keyword search a worker handed over (Semantic
 * Scholar's bulk search) goes to the verifier as a SEARCH request, whose accepted records return as verdicts.
 * When every task is answered and no verification is pending, the paper leaves the collector with a draft
 * request: drafting calls a model, which takes minutes and may fail retriably, so it runs in a listener
 * ({@link LiteratureDrafting}), never in this Streams step.
 */
public final class LiteratureCollector implements PaperAggregation<LiteratureCollectionState> {

    private final Clock clock;

    public LiteratureCollector(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Step<LiteratureCollectionState> apply(@Nullable LiteratureCollectionState state, SpecificRecord event) {
        return switch (event) {
            case LiteratureCandidatesFoundEvent found -> onCandidates(state, found);
            case CitationsVerifiedEvent verified -> onVerdicts(state, verified);
            default -> throw new IllegalArgumentException("the literature collector does not take "
                    + event.getClass().getSimpleName());
        };
    }

    private Step<LiteratureCollectionState> onCandidates(@Nullable LiteratureCollectionState state,
            LiteratureCandidatesFoundEvent found) {
        LiteratureCollectionState current = state != null ? state : LiteratureCollectionState.newBuilder()
                .setContext(found.getContext()).setTaskCount(found.getTaskCount()).setStartedAt(clock.instant())
                .build();
        if (current.getAnsweredTasks().contains(found.getTaskId())) {
            return Step.keep(current);
        }
        List<String> answered = new ArrayList<>(current.getAnsweredTasks());
        answered.add(found.getTaskId());
        Set<String> seen = new LinkedHashSet<>(current.getSeenKeys());
        List<Candidate> fresh = new ArrayList<>();
        for (Candidate candidate : found.getCandidates()) {
            List<String> keys = dedupKeys(candidate);
            if (keys.stream().noneMatch(seen::contains)) {
                fresh.add(candidate);
            }
            seen.addAll(keys);
        }
        LiteratureCollectionState.Builder next = LiteratureCollectionState.newBuilder(current)
                .setAnsweredTasks(answered).setSeenKeys(List.copyOf(seen))
                .setCandidatesFound(current.getCandidatesFound() + found.getCandidates().size());
        String paperId = current.getContext().getPaperId();
        List<String> pending = new ArrayList<>(current.getPendingRequests());
        List<Step.Output<?>> requests = new ArrayList<>();
        if (!fresh.isEmpty()) {
            String requestId = paperId + "/verify-" + answered.size();
            pending.add(requestId);
            next.setCandidateCount(current.getCandidateCount() + fresh.size());
            requests.add(Step.Output.of(Topics.CITATION_VERIFY_REQUESTS, paperId,
                    request(current, requestId).setCandidates(fresh).build()));
        }
        if (found.getScholarSearch() != null) {
            // the worker handed a keyword search to the verifier: the paper waits for its records like for verdicts
            String requestId = paperId + "/search-" + answered.size();
            pending.add(requestId);
            requests.add(Step.Output.of(Topics.CITATION_VERIFY_REQUESTS, paperId, request(current, requestId)
                    .setCandidates(List.of())
                    .setKind(VerifyRequestKind.SEARCH).setSearch(found.getScholarSearch()).build()));
        }
        return completeIfDone(next.setPendingRequests(pending).build(), requests);
    }

    private static CitationVerificationRequestedEvent.Builder request(LiteratureCollectionState state,
            String requestId) {
        return CitationVerificationRequestedEvent.newBuilder().setRequestId(requestId)
                .setPaperId(state.getContext().getPaperId())
                .setCutoffDate(state.getContext().getOptions().getCutoffDate())
                .setLlmMode(state.getContext().getOptions().getLlmMode())
                .setScholarRecords(state.getContext().getMaterials().getScholarRecords());
    }

    private Step<LiteratureCollectionState> onVerdicts(@Nullable LiteratureCollectionState state,
            CitationsVerifiedEvent verified) {
        if (state == null || !state.getPendingRequests().contains(verified.getRequestId())) {
            // a repeated answer, one for a paper already finished, or one to a request another client made (the
            // paper service's reference look-ups share the verifier): nothing left to decide
            return state == null ? Step.finish() : Step.keep(state);
        }
        List<String> pending = new ArrayList<>(state.getPendingRequests());
        pending.remove(verified.getRequestId());
        List<CitationVerdict> verdicts = new ArrayList<>(state.getVerdicts());
        verdicts.addAll(verified.getVerdicts());
        LiteratureCollectionState next = LiteratureCollectionState.newBuilder(state).setPendingRequests(pending)
                .setVerdicts(verdicts).setScholarRequests(state.getScholarRequests() + verified.getScholarRequests())
                .setCacheHits(state.getCacheHits() + verified.getCacheHits())
                .setResolvedByRequests(state.getResolvedByRequests() + verified.getResolvedByRequests())
                .setReplayLookups(state.getReplayLookups() + verified.getReplayLookups())
                .setScholarSource(verified.getSource())
                .build();
        return completeIfDone(next, List.of());
    }

    private Step<LiteratureCollectionState> completeIfDone(LiteratureCollectionState state,
            List<Step.Output<?>> outputs) {
        if (state.getAnsweredTasks().size() < state.getTaskCount() || !state.getPendingRequests().isEmpty()) {
            return Step.keep(state, outputs);
        }
        String paperId = state.getContext().getPaperId();
        LiteratureDraftRequestedEvent request = LiteratureDraftRequestedEvent.newBuilder()
                .setContext(state.getContext())
                .setVerdicts(state.getVerdicts())
                .setCandidateCount(state.getCandidateCount())
                .setCandidatesFound(state.getCandidatesFound())
                .setScholarRequests(state.getScholarRequests())
                .setCacheHits(state.getCacheHits())
                .setResolvedByRequests(state.getResolvedByRequests())
                .setReplayLookups(state.getReplayLookups())
                .setScholarSource(state.getScholarSource())
                .build();
        List<Step.Output<?>> all = new ArrayList<>(outputs);
        all.add(Step.Output.of(Topics.LITERATURE_DRAFT_REQUESTS, paperId, request));
        return Step.finish(all);
    }

    /** The keys under which a candidate counts as already sent: its normalised title, DOI and arXiv id. */
    static List<String> dedupKeys(Candidate candidate) {
        return Stream.of(Stream.of(LookupKeys.title(candidate.getTitle())),
                        LookupKeys.doi(candidate.getDoi()).stream(), LookupKeys.arxiv(candidate.getArxivId()).stream())
                .flatMap(keys -> keys).toList();
    }
}
