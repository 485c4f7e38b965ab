package dev.paperorchestra.schemas.topics;

import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.LlmBatchJournaledEvent;
import dev.paperorchestra.schemas.LlmCallRecordedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.RevisionCompletedEvent;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import dev.paperorchestra.schemas.RevisionScoredEvent;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.state.PaperViewState;
import java.util.List;
import java.util.Optional;

/** The immutable catalog of every topic in the architecture (ARCHITECTURE.md, "Topics"). */
public final class Topics {

    public static final String DEAD_LETTER_SUFFIX = "-dlt";

    /**
     * The topic names as compile-time constants, for annotation attributes ({@code @KafkaListener(topics =
     * Topics.Names.PAPER_OUTLINES)}); each {@link Topic} below is built from the constant of the same field name,
     * so a listener and a publisher name the same topic by the same word.
     */
    public static final class Names {
        public static final String PAPER_REQUESTS = "paper-requests";
        public static final String PAPER_OUTLINES = "paper-outlines";
        public static final String LITERATURE_SEARCH_TASKS = "literature-search-tasks";
        public static final String LITERATURE_CANDIDATES = "literature-candidates";
        public static final String CITATION_VERIFY_REQUESTS = "citation-verify-requests";
        public static final String CITATION_VERIFY_RESULTS = "citation-verify-results";
        public static final String LITERATURE_DRAFT_REQUESTS = "literature-draft-requests";
        public static final String LITERATURE_READY = "literature-ready";
        public static final String PLOT_TASKS = "plot-tasks";
        public static final String PLOT_RESULTS = "plot-results";
        public static final String FIGURES_READY = "figures-ready";
        public static final String DRAFT_REQUESTS = "draft-requests";
        public static final String PAPER_DRAFTS = "paper-drafts";
        public static final String REVIEW_REQUESTS = "review-requests";
        public static final String REVIEW_RESULTS = "review-results";
        public static final String PAPER_COMPLETED = "paper-completed";
        public static final String PAPER_STATUS = "paper-status";
        public static final String SCHOLAR_CACHE = "scholar-cache";
        public static final String LLM_USAGE = "llm-usage";
        public static final String LLM_BATCHES = "llm-batches";
        public static final String PAPER_CANCELLATIONS = "paper-cancellations";
        public static final String PAPER_VIEWS = "paper-views";
        public static final String APPROVAL_REQUESTS = "approval-requests";
        public static final String APPROVAL_DECISIONS = "approval-decisions";
        public static final String REVISION_REQUESTS = "revision-requests";
        public static final String REVISION_EDITS = "revision-edits";
        public static final String REVISION_SCORES = "revision-scores";
        public static final String REVISION_COMPLETED = "revision-completed";
        public static final String PANEL_REVIEW_REQUESTS = "panel-review-requests";
        public static final String PANEL_MEMBER_REVIEWS = "panel-member-reviews";

        private Names() {
        }
    }

    public static final Topic<PaperRequestedEvent> PAPER_REQUESTS = new Topic<>(
            Names.PAPER_REQUESTS, "paperId", 6, false, false, PaperRequestedEvent.class, "cli / paper-service");
    public static final Topic<OutlineCreatedEvent> PAPER_OUTLINES = new Topic<>(
            Names.PAPER_OUTLINES, "paperId", 6, false, false, OutlineCreatedEvent.class, "outline-agent");
    public static final Topic<LiteratureSearchTaskCreatedEvent> LITERATURE_SEARCH_TASKS = new Topic<>(
            Names.LITERATURE_SEARCH_TASKS, "taskId", 12, false, false, LiteratureSearchTaskCreatedEvent.class,
            "literature-agent (planner)");
    public static final Topic<LiteratureCandidatesFoundEvent> LITERATURE_CANDIDATES = new Topic<>(
            Names.LITERATURE_CANDIDATES, "paperId", 6, false, false, LiteratureCandidatesFoundEvent.class,
            "literature-agent (search workers)");
    public static final Topic<CitationVerificationRequestedEvent> CITATION_VERIFY_REQUESTS = new Topic<>(
            Names.CITATION_VERIFY_REQUESTS, "paperId", 1, true, false, CitationVerificationRequestedEvent.class,
            "literature-agent (collector)");
    public static final Topic<CitationsVerifiedEvent> CITATION_VERIFY_RESULTS = new Topic<>(
            Names.CITATION_VERIFY_RESULTS, "paperId", 6, false, false, CitationsVerifiedEvent.class,
            "literature-agent (verifier)");
    /**
     * A paper whose literature is gathered, waiting to be drafted: the collector (Kafka Streams) only gathers and
     * decides; the model calls of drafting run in a transactional listener, with redelivery and dead letters.
     */
    public static final Topic<LiteratureDraftRequestedEvent> LITERATURE_DRAFT_REQUESTS = new Topic<>(
            Names.LITERATURE_DRAFT_REQUESTS, "paperId", 6, false, false, LiteratureDraftRequestedEvent.class,
            "literature-agent (collector)");
    public static final Topic<LiteratureReadyEvent> LITERATURE_READY = new Topic<>(
            Names.LITERATURE_READY, "paperId", 6, false, false, LiteratureReadyEvent.class,
            "literature-agent (collector)");
    public static final Topic<PlotTaskCreatedEvent> PLOT_TASKS = new Topic<>(
            Names.PLOT_TASKS, "paperId/figureId", 6, false, false, PlotTaskCreatedEvent.class, "plotting-agent");
    public static final Topic<PlotRenderedEvent> PLOT_RESULTS = new Topic<>(
            Names.PLOT_RESULTS, "paperId", 6, false, false, PlotRenderedEvent.class, "plotting-agent (workers)");
    public static final Topic<FiguresReadyEvent> FIGURES_READY = new Topic<>(
            Names.FIGURES_READY, "paperId", 6, false, false, FiguresReadyEvent.class,
            "plotting-agent (gatherer)");
    /**
     * A paper whose two writer inputs have both arrived, waiting to be drafted: the join (Kafka Streams) only
     * joins; writing, compiles and repairs run in a transactional listener, with redelivery and dead letters.
     */
    public static final Topic<DraftRequestedEvent> DRAFT_REQUESTS = new Topic<>(
            Names.DRAFT_REQUESTS, "paperId", 6, false, false, DraftRequestedEvent.class, "writer-agent (join)");
    public static final Topic<PaperDraftedEvent> PAPER_DRAFTS = new Topic<>(
            Names.PAPER_DRAFTS, "paperId", 6, false, false, PaperDraftedEvent.class, "writer-agent");
    public static final Topic<ReviewRequestedEvent> REVIEW_REQUESTS = new Topic<>(
            Names.REVIEW_REQUESTS, "paperId", 6, false, false, ReviewRequestedEvent.class, "refine-agent");
    public static final Topic<ReviewCompletedEvent> REVIEW_RESULTS = new Topic<>(
            Names.REVIEW_RESULTS, "paperId", 6, false, false, ReviewCompletedEvent.class, "reviewer-agent");
    public static final Topic<PaperCompletedEvent> PAPER_COMPLETED = new Topic<>(
            Names.PAPER_COMPLETED, "paperId", 6, false, false, PaperCompletedEvent.class, "refine-agent");
    public static final Topic<PaperStatusChangedEvent> PAPER_STATUS = new Topic<>(
            Names.PAPER_STATUS, "paperId", 6, false, true, PaperStatusChangedEvent.class, "every agent");
    public static final Topic<ScholarLookupCachedEvent> SCHOLAR_CACHE = new Topic<>(
            Names.SCHOLAR_CACHE, "cache scope and lookup key", 1, true, true, ScholarLookupCachedEvent.class,
            "literature-agent (verifier)");

    public static final Topic<LlmCallRecordedEvent> LLM_USAGE = new Topic<>(
            Names.LLM_USAGE, "paperId", 6, false, false, LlmCallRecordedEvent.class, "every agent (LLM gateway)");

    /**
     * Batches of model calls sent through a provider's batch API and not yet ended, per agent: compacted, so a
     * batch outlives any retention while it waits, and an agent that restarts polls it again rather than paying
     * for its calls twice. One partition, fixed: each agent reads the whole topic when it starts.
     */
    public static final Topic<LlmBatchJournaledEvent> LLM_BATCHES = new Topic<>(
            Names.LLM_BATCHES, "agent/batchId", 1, true, true, LlmBatchJournaledEvent.class,
            "every agent (LLM gateway, po.llm.batch)");

    /** Cancel markers: compacted so a marker outlives any retention and every agent can read them all. */
    public static final Topic<PaperCancelledEvent> PAPER_CANCELLATIONS = new Topic<>(
            Names.PAPER_CANCELLATIONS, "paperId", 6, false, true, PaperCancelledEvent.class, "paper-service");

    /** The paper service's per-paper view (status timeline and outputs), aggregated by its Streams topology. */
    public static final Topic<PaperViewState> PAPER_VIEWS = new Topic<>(
            Names.PAPER_VIEWS, "paperId", 6, false, true, PaperViewState.class, "paper-service (status view)");

    /**
     * Papers stopped at an approval gate: what is to be approved and the event held back until it is (written by
     * the agent that owns the step after the gate: outline, literature, writer, refine). Read by the approval gate
     * of every stage (one Streams aggregation, run in the outline agent), which keeps each request in its store,
     * so a paper waits for days without a thread, a poll or a model call held.
     */
    public static final Topic<ApprovalRequestedEvent> APPROVAL_REQUESTS = new Topic<>(
            Names.APPROVAL_REQUESTS, "paperId", 6, false, false, ApprovalRequestedEvent.class,
            "outline-agent, literature-agent, writer-agent, refine-agent");

    /** A person's decision at a gate (approve, possibly with an edit, or reject), checked by the paper service. */
    public static final Topic<ApprovalDecidedEvent> APPROVAL_DECISIONS = new Topic<>(
            Names.APPROVAL_DECISIONS, "paperId", 6, false, false, ApprovalDecidedEvent.class, "paper-service");

    /** A paper to revise from human reviews (docs/revision.md): its source, reviews and materials as blob refs. */
    public static final Topic<RevisionRequestedEvent> REVISION_REQUESTS = new Topic<>(
            Names.REVISION_REQUESTS, "paperId", 6, false, false, RevisionRequestedEvent.class, "paper-service");
    /** The revised paper with its points, decisions and edits, waiting for the reviewer agent's re-score. */
    public static final Topic<RevisionEditedEvent> REVISION_EDITS = new Topic<>(
            Names.REVISION_EDITS, "paperId", 6, false, false, RevisionEditedEvent.class, "refine-agent");
    public static final Topic<RevisionScoredEvent> REVISION_SCORES = new Topic<>(
            Names.REVISION_SCORES, "paperId", 6, false, false, RevisionScoredEvent.class, "reviewer-agent");
    /** A revision is final: the status view takes its outputs as a paper's files, as it does paper-completed's. */
    public static final Topic<RevisionCompletedEvent> REVISION_COMPLETED = new Topic<>(
            Names.REVISION_COMPLETED, "paperId", 6, false, false, RevisionCompletedEvent.class, "refine-agent");

    /**
     * One panel member's share of a model-mode review request (a panel of two or more seats): keyed by
     * paperId/seat, so the members of one paper spread over partitions and review in parallel, and each member's
     * record is retried and dead-lettered on its own.
     */
    public static final Topic<PanelReviewRequestedEvent> PANEL_REVIEW_REQUESTS = new Topic<>(
            Names.PANEL_REVIEW_REQUESTS, "paperId/seat", 6, false, false, PanelReviewRequestedEvent.class,
            "reviewer-agent (fan-out)");

    /**
     * Each member's review, or the member failed past its retries (written by the member listener's dead-letter
     * recoverer): gathered per paper by the panel gatherer (Kafka Streams) into the meta-review on review-results.
     */
    public static final Topic<PanelMemberReviewedEvent> PANEL_MEMBER_REVIEWS = new Topic<>(
            Names.PANEL_MEMBER_REVIEWS, "paperId", 6, false, false, PanelMemberReviewedEvent.class,
            "reviewer-agent (panel members)");

    public static final List<Topic<?>> ALL = List.of(
            PAPER_REQUESTS, PAPER_OUTLINES, LITERATURE_SEARCH_TASKS, LITERATURE_CANDIDATES,
            CITATION_VERIFY_REQUESTS, CITATION_VERIFY_RESULTS, LITERATURE_DRAFT_REQUESTS, LITERATURE_READY, PLOT_TASKS,
            PLOT_RESULTS, FIGURES_READY, DRAFT_REQUESTS, PAPER_DRAFTS, REVIEW_REQUESTS, REVIEW_RESULTS, PAPER_COMPLETED,
            PAPER_STATUS, SCHOLAR_CACHE, LLM_USAGE, LLM_BATCHES, PAPER_CANCELLATIONS, PAPER_VIEWS, APPROVAL_REQUESTS,
            APPROVAL_DECISIONS, REVISION_REQUESTS, REVISION_EDITS, REVISION_SCORES, REVISION_COMPLETED,
            PANEL_REVIEW_REQUESTS, PANEL_MEMBER_REVIEWS);

    private Topics() {
    }

    public static Optional<Topic<?>> byName(String name) {
        return ALL.stream().filter(topic -> topic.name().equals(name)).findFirst();
    }
}
