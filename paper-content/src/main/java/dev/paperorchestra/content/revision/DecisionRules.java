package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The offline decision per point, by its kind and the evidence at hand. Deterministic: the same paper, materials
 * and reviews give the same decisions. A request for results that are not in the log is never answered with
 * numbers: it is {@link DecisionKind#NEEDS_NEW_EXPERIMENTS}, said plainly.
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
            case PRESENTATION -> new PointDecision(point.id(), DecisionKind.REBUT, "a presentation point (layout, "
                    + "figures, wording) is not changed by the offline rules; it is left to the authors and said so",
                    List.of());
        };
    }

    private PointDecision citation(ReviewPoint point) {
        Optional<CitationLookup.VerifiedCitation> found = verifier.find(point.quote());
        if (found.isEmpty()) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "the work the reviewer names could not be "
                    + "verified, so it is not cited; the response says so", List.of());
        }
        CitationLookup.VerifiedCitation citation = found.get();
        Evidence entry = new Evidence(Evidence.Source.BIBLIOGRAPHY, citation.entry());
        if (LatexReferences.citeKeys(materials.tex()).contains(citation.key())) {
            List<Evidence> evidence = new ArrayList<>();
            finder.paperSentence(citation.key(), citingSentences(citation.key())).ifPresent(evidence::add);
            evidence.add(entry);
            return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already cites " + citation.key(),
                    evidence);
        }
        return new PointDecision(point.id(), DecisionKind.ADD, "the named work resolves to the verified entry "
                + citation.key() + ", which the paper does not cite yet", List.of(entry));
    }

    private String citingSentences(String key) {
        return String.join("\n\n", EvidenceFinder.latexSentences(materials.tex()).stream()
                .filter(sentence -> sentence.contains(key)).toList());
    }

    private PointDecision experiment(ReviewPoint point) {
        Optional<MarkdownTable> table = finder.logTable(point.quote());
        if (table.isEmpty() && finder.distinctiveNames(point.quote()).isEmpty()) {
            // no dataset or method the paper lacks is named: the request may be for what the paper reports
            table = finder.reportedTable(point.quote());
        }
        if (table.isEmpty()) {
            return new PointDecision(point.id(), DecisionKind.NEEDS_NEW_EXPERIMENTS, "no table of the experimental log "
                    + "holds what the point asks for; the experiment has not been run and no result is stated",
                    List.of());
        }
        Evidence logged = new Evidence(Evidence.Source.LOG, LogTableLatex.markdown(table.get()));
        if (finder.inPaper(table.get())) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "every number of the log table \""
                    + table.get().caption() + "\" is already in the paper", List.of(logged));
        }
        return new PointDecision(point.id(), DecisionKind.ADD, "the log table \"" + table.get().caption()
                + "\" holds the requested comparison and the paper does not report it yet", List.of(logged));
    }

    private PointDecision factual(ReviewPoint point) {
        Optional<FactualCheck.Finding> finding = FactualCheck.check(point, materials, finder);
        if (finding.isEmpty()) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "no statement of the paper and no passage of the "
                    + "materials could be matched to the point; the paper is left as it is", List.of());
        }
        FactualCheck.Finding found = finding.get();
        List<Evidence> evidence = List.of(found.paper(), found.materials());
        if (found.confirmed()) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "the materials confirm the paper's statement",
                    evidence);
        }
        return found.corrections().isEmpty()
                ? new PointDecision(point.id(), DecisionKind.REBUT, "the paper's statement differs from the materials "
                        + "in a way the offline rules cannot correct safely; it is left to the authors", evidence)
                : new PointDecision(point.id(), DecisionKind.REVISE, "the materials state " + found.corrections()
                        .values() + " where the paper states " + found.corrections().keySet(), evidence);
    }

    private PointDecision explained(ReviewPoint point) {
        // a missing detail names what the paper lacks (words it does not use); a clarity point names what it has
        Optional<Evidence> source = finder.materialsSentence(point.quote(),
                point.kind() == PointKind.MISSING_DETAIL);
        if (source.isPresent() && !alreadyInPaper(source.get().quote())) {
            return new PointDecision(point.id(), DecisionKind.REVISE, "the materials say what the point asks for and "
                    + "the paper does not yet", List.of(source.get()));
        }
        return answered(point);
    }

    private PointDecision answered(ReviewPoint point) {
        String scope = point.section() == null ? materials.tex()
                : PaperSections.named(materials.tex(), point.section()).map(PaperSections.Section::body)
                        .orElse(materials.tex());
        Optional<Evidence> inPaper = finder.paperSentence(point.quote(), scope);
        if (inPaper.isPresent()) {
            return new PointDecision(point.id(), DecisionKind.REBUT, "the paper already answers the point",
                    List.of(inPaper.get()));
        }
        Optional<Evidence> inMaterials = finder.materialsSentence(point.quote(), false);
        return inMaterials.map(evidence -> new PointDecision(point.id(), DecisionKind.REBUT, "the materials answer the "
                        + "point; the answer is quoted in the response", List.of(evidence)))
                .orElseGet(() -> new PointDecision(point.id(), DecisionKind.REBUT, "nothing in the paper or the "
                        + "materials answers the point; the response says so rather than guess", List.of()));
    }

    /** The paper already holds the sentence's content words. */
    private boolean alreadyInPaper(String sentence) {
        Set<String> terms = Terms.of(sentence);
        return !terms.isEmpty() && finder.distinctive(sentence).isEmpty()
                && Numbers.values(materials.tex()).containsAll(Numbers.values(sentence));
    }
}
