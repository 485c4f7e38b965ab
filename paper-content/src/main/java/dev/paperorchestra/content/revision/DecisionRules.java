package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The offline decision per point, by its kind and the evidence at hand. Deterministic: the same paper, materials
 * and reviews give the same decisions. What the materials can support decides: REVISE or ADD where the log, the idea
 * or a verified bibliography holds the answer and the paper does not; REBUT only where the paper already answers the
 * point, quoting where; {@link DecisionKind#NEEDS_NEW_EXPERIMENTS} for results nobody has measured, never answered
 * with numbers; {@link DecisionKind#LEFT_TO_AUTHORS} where nothing answers the point and the rules cannot change the
 * paper for it, said plainly.
 */
public final class DecisionRules implements PointDecider {

    private final RevisionMaterials materials;
    private final CitationLookup verifier;
    private final EvidenceFinder finder;

    public DecisionRules(RevisionMaterials materials, CitationLookup verifier) {
        this.materials = materials;
        this.verifier = verifier;
        this.finder = new EvidenceFinder(materials);
    }

    public List<PointDecision> decide(List<ReviewPoint> points) {
        return points.stream().map(this::decide).toList();
    }

    @Override
    public PointDecision decide(ReviewPoint point) {
        return switch (point.kind()) {
            case MISSING_CITATION -> citation(point);
            case MISSING_EXPERIMENT -> experiment(point);
            case FACTUAL_ERROR -> factual(point);
            case MISSING_DETAIL, CLARITY -> explained(point);
            case QUESTION -> answered(point);
            case PRESENTATION -> left(point, "a presentation point (a figure, the layout, the wording) that the "
                    + "offline rules do not change; the authors will make it");
        };
    }

    private PointDecision citation(ReviewPoint point) {
        Optional<CitationLookup.VerifiedCitation> found = verifier.find(point.quote());
        if (found.isEmpty()) {
            return left(point, "the work the reviewer names is in no verified bibliography, so it is not cited; the "
                    + "authors will verify it first");
        }
        CitationLookup.VerifiedCitation citation = found.get();
        Evidence entry = new Evidence(Evidence.Source.BIBLIOGRAPHY, citation.entry());
        if (LatexReferences.citeKeys(materials.tex()).contains(citation.key())) {
            List<Evidence> evidence = new ArrayList<>();
            citing(citation.key(), point.quote()).ifPresent(evidence::add);
            evidence.add(entry);
            return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already cites " + citation.key(),
                    evidence);
        }
        return new PointDecision(point.id(), DecisionKind.ADD, "the named work resolves to the verified entry "
                + citation.key() + ", which the paper does not cite yet", List.of(entry));
    }

    /** The paper's sentence that cites the key, the one nearest the point's words when several do. */
    private Optional<Evidence> citing(String key, String point) {
        List<String> sentences = EvidenceFinder.latexSentences(materials.tex()).stream()
                .filter(sentence -> LatexReferences.citeKeys(sentence).contains(key)).toList();
        return finder.paperSentence(point, String.join("\n\n", sentences))
                .or(() -> sentences.stream().findFirst().map(sentence -> new Evidence(Evidence.Source.PAPER,
                        sentence)));
    }

    private PointDecision experiment(ReviewPoint point) {
        Set<String> unknown = finder.unknownNames(point.quote());
        if (!unknown.isEmpty()) {
            return needsExperiments(point, "the point names " + String.join(", ", unknown) + ", which no experiment "
                    + "of the log covers; the experiment has not been run and no result is stated");
        }
        Optional<MarkdownTable> table = finder.logTable(point.quote());
        if (table.isEmpty()) {
            return needsExperiments(point, "no table of the experimental log holds what the point asks for; the "
                    + "experiment has not been run and no result is stated");
        }
        Evidence logged = new Evidence(Evidence.Source.LOG, LogTableLatex.markdown(table.get()));
        if (!finder.inPaper(table.get())) {
            return new PointDecision(point.id(), DecisionKind.ADD, "the log table \"" + table.get().caption()
                    + "\" holds the requested results and the paper does not report them yet", List.of(logged));
        }
        if (EvidenceFinder.asksBeyond(point.quote())) {
            return needsExperiments(point, "the paper already reports every number of the log table \""
                    + table.get().caption() + "\"; the point asks for more than it, which has not been run");
        }
        List<Evidence> evidence = new ArrayList<>();
        finder.presenting(table.get()).ifPresent(evidence::add);
        evidence.add(logged);
        return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already reports every number of the log "
                + "table \"" + table.get().caption() + "\"", evidence);
    }

    private PointDecision factual(ReviewPoint point) {
        Optional<FactualCheck.Finding> finding = FactualCheck.check(point, materials, finder);
        if (finding.isEmpty()) {
            return answered(point);
        }
        FactualCheck.Finding found = finding.get();
        List<Evidence> evidence = List.of(found.paper(), found.materials());
        if (found.confirmed()) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "the materials confirm the paper's statement",
                    evidence);
        }
        return found.corrections().isEmpty()
                ? new PointDecision(point.id(), DecisionKind.LEFT_TO_AUTHORS, "the paper's statement differs from the "
                        + "materials in a way the offline rules cannot correct safely; the authors will correct it",
                        evidence)
                : new PointDecision(point.id(), DecisionKind.REVISE, "the materials state " + found.corrections()
                        .values() + " where the paper states " + found.corrections().keySet(), evidence);
    }

    /**
     * A missing detail or an unclear passage: the materials' sentence that says it, when the paper does not yet (a
     * missing detail names what the paper lacks, so that sentence must hold a word the paper does not use); else the
     * paper's own answer, else nothing.
     */
    private PointDecision explained(ReviewPoint point) {
        Optional<Evidence> source = finder.newFromMaterials(point.quote(), point.kind() == PointKind.MISSING_DETAIL);
        if (source.isPresent()) {
            return new PointDecision(point.id(), DecisionKind.REVISE, "the materials say what the point asks for and "
                    + "the paper does not yet", List.of(source.get()));
        }
        return finder.paperAnswer(point.quote()).map(answer -> rebut(point, answer))
                .orElseGet(() -> left(point, "nothing in the paper or the materials says what the point asks for; "
                        + "the response says so rather than guess"));
    }

    /** A question: the paper's answer, quoted; else the materials' answer, put into the paper; else nothing. */
    private PointDecision answered(ReviewPoint point) {
        Optional<Evidence> inPaper = finder.paperAnswer(point.quote());
        if (inPaper.isPresent()) {
            return rebut(point, inPaper.get());
        }
        return finder.newFromMaterials(point.quote(), false)
                .map(evidence -> new PointDecision(point.id(), DecisionKind.REVISE, "the materials answer the point "
                        + "and the paper does not yet; the answer goes into the paper", List.of(evidence)))
                .orElseGet(() -> left(point, "nothing in the paper or the materials answers the point; the response "
                        + "says so rather than guess"));
    }

    private static PointDecision rebut(ReviewPoint point, Evidence answer) {
        return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already answers the point", List.of(answer));
    }

    private static PointDecision needsExperiments(ReviewPoint point, String reason) {
        return new PointDecision(point.id(), DecisionKind.NEEDS_NEW_EXPERIMENTS, reason, List.of());
    }

    private static PointDecision left(ReviewPoint point, String reason) {
        return new PointDecision(point.id(), DecisionKind.LEFT_TO_AUTHORS, reason, List.of());
    }
}
