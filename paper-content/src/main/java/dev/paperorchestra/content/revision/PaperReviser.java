package dev.paperorchestra.content.revision;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Revises a paper from reviews: points split, decided, edits proposed, each edit locked to its evidence and
 * audited, applied, re-scored and kept only when the score does not drop. Points are taken in review order and
 * their edits one at a time on the paper as it stands, so the trail replays to the same paper.
 */
public final class PaperReviser {

    private static final Logger log = LoggerFactory.getLogger(PaperReviser.class);

    private final RevisionMaterials materials;
    private final PointSource points;
    private final PointDecider rules;
    private final EditProposer proposer;
    private final EvidenceLock lock;
    private final RevisionScore score;

    public PaperReviser(RevisionMaterials materials, DecisionRules rules, EditProposer proposer, EvidenceLock lock,
            RevisionScore score) {
        this(materials, PointSplitter::split, rules, proposer, lock, score);
    }

    private PaperReviser(RevisionMaterials materials, PointSource points, PointDecider rules, EditProposer proposer,
            EvidenceLock lock, RevisionScore score) {
        this.materials = materials;
        this.points = points;
        this.rules = rules;
        this.proposer = proposer;
        this.lock = lock;
        this.score = score;
    }

    /**
     * The offline reviser: rules for points, decisions and edits, the points' own checks as the score.
     *
     * @param verifiedExtra verified BibTeX entries beyond the paper's that a citation may add, "" when none
     */
    public static PaperReviser offline(RevisionMaterials materials, String verifiedExtra) {
        CitationLookup verifier = new BibliographyCitations(materials.bibliography(), verifiedExtra);
        return new PaperReviser(materials, new DecisionRules(materials, verifier), new RuleEdits(materials, verifier),
                new EvidenceLock(new FabricationAudit(materials)), new AddressedScore(materials));
    }

    /** The same reviser with another edit proposer (a model, a script). */
    public PaperReviser withProposer(EditProposer other) {
        return new PaperReviser(materials, points, rules, other, lock, score);
    }

    /** The same reviser with another way of splitting reviews into points (a model). */
    public PaperReviser withPoints(PointSource other) {
        return new PaperReviser(materials, other, rules, proposer, lock, score);
    }

    /** The same reviser with another decider (a model); its edits still pass the same lock and audit. */
    public PaperReviser withDecider(PointDecider other) {
        return new PaperReviser(materials, points, other, proposer, lock, score);
    }

    /** The same reviser with another score. */
    public PaperReviser withScore(RevisionScore other) {
        return new PaperReviser(materials, points, rules, proposer, lock, other);
    }

    public RevisionResult revise(String paperId, List<HumanReview> reviews) {
        return revise(paperId, this.points.split(reviews, materials.tex()), rules);
    }

    /**
     * Revises from points already split and located elsewhere (a reviewer panel's meta-review), in the order given,
     * with the same lock, audit and keep-only-what-helps as a human review's points.
     *
     * @param decide the decision on each point; only REVISE and ADD lead to edits
     */
    public RevisionResult revise(String paperId, List<ReviewPoint> points,
            PointDecider decide) {
        String tex = materials.tex();
        StringBuilder bibliography = new StringBuilder(materials.bibliography());
        List<Edit> proposed = new ArrayList<>();
        List<PointAnswer> answers = new ArrayList<>();
        for (ReviewPoint point : points) {
            PointDecision planned = decide.decide(point);
            List<EditDecision> trail = new ArrayList<>();
            if (planned.decision() == DecisionKind.REVISE || planned.decision() == DecisionKind.ADD) {
                for (Edit edit : proposer.propose(point, planned, tex)) {
                    EditDecision decided = decide(edit, point, planned, tex, proposed);
                    trail.add(decided);
                    if (decided.outcome() == EditDecision.Outcome.KEPT) {
                        tex = edit.applyTo(tex).orElseThrow();
                        proposed.add(edit);
                        if (!edit.bibEntry().isBlank()) {
                            bibliography.append("\n\n").append(edit.bibEntry().strip()).append('\n');
                        }
                    }
                }
            }
            answers.add(new PointAnswer(point, planned, answered(planned, trail), trail));
        }
        RevisionResult result = new RevisionResult(points, answers, tex, bibliography.toString());
        log.info("paper {}: revision planned, {} points, {} edits kept, {} rolled back, {} rejected", paperId,
                points.size(), result.count(EditDecision.Outcome.KEPT), result.count(EditDecision.Outcome.ROLLED_BACK),
                result.count(EditDecision.Outcome.REJECTED));
        return result;
    }

    private EditDecision decide(Edit edit, ReviewPoint point, PointDecision planned, String tex, List<Edit> kept) {
        if (lock.check(edit, point, planned, tex) instanceof EditCheck.Refused refused) {
            return new EditDecision(edit, EditDecision.Outcome.REJECTED, null, null, refused.reasons());
        }
        List<Edit> withCandidate = new ArrayList<>(kept);
        withCandidate.add(edit);
        double before = score.score(tex, withCandidate);
        double after = score.score(edit.applyTo(tex).orElseThrow(), withCandidate);
        EditDecision.Outcome outcome = EditDecision.keepIfNotWorse(before, after);
        return new EditDecision(edit, outcome, before, after, outcome == EditDecision.Outcome.KEPT ? List.of()
                : List.of("the paper scored " + after + " with the edit and " + before + " without it"));
    }

    /**
     * The planned decision when it stands; when no edit of a planned change was kept, the point is left to the
     * authors, saying why (the paper did not change, so it answers nothing it did not answer before).
     */
    private static PointDecision answered(PointDecision planned, List<EditDecision> trail) {
        boolean changes = planned.decision() == DecisionKind.REVISE || planned.decision() == DecisionKind.ADD;
        if (!changes || trail.stream().anyMatch(edit -> edit.outcome() == EditDecision.Outcome.KEPT)) {
            return planned;
        }
        String why = trail.isEmpty() ? "no edit could be made from the evidence"
                : trail.stream().anyMatch(edit -> edit.outcome() == EditDecision.Outcome.ROLLED_BACK)
                        ? "the edit was rolled back because the re-scored paper was worse with it"
                        : "the edit was rejected by the evidence lock or the fabrication audit";
        return new PointDecision(planned.pointId(), DecisionKind.LEFT_TO_AUTHORS, why + "; planned: "
                + planned.reason(), planned.evidence());
    }
}
