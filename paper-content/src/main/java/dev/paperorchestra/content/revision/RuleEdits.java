package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline edits: deterministic text built only from the evidence. A missing comparison gets the log table,
 * every cell verbatim, and one sentence pointing to it; a missing citation one sentence citing the verified key; a
 * corrected statement the same sentence with the materials' numbers; a missing detail, a clarification or the
 * answer to a question the materials' sentence, after the paper's sentence nearest to it.
 */
public final class RuleEdits implements EditProposer {

    private final RevisionMaterials materials;
    private final CitationLookup verifier;
    private final EvidenceFinder finder;

    public RuleEdits(RevisionMaterials materials, CitationLookup verifier) {
        this.materials = materials;
        this.verifier = verifier;
        this.finder = new EvidenceFinder(materials);
    }

    @Override
    public List<Edit> propose(ReviewPoint point, PointDecision decision, String tex) {
        if (point.section() == null) {
            return List.of();
        }
        Optional<Edit> edit = switch (point.kind()) {
            case MISSING_EXPERIMENT -> comparison(point, decision);
            case MISSING_CITATION -> citation(point, decision);
            case FACTUAL_ERROR -> correction(point, decision, tex);
            case MISSING_DETAIL, CLARITY, QUESTION -> detail(point, decision, tex);
            case PRESENTATION -> Optional.empty();
        };
        return edit.map(List::of).orElse(List.of());
    }

    private Optional<Edit> comparison(ReviewPoint point, PointDecision decision) {
        Optional<MarkdownTable> table = finder.logTable(point.quote());
        if (table.isEmpty()) {
            return Optional.empty();
        }
        String label = "tab:revision-" + point.id().toLowerCase(Locale.ROOT).replace('.', '-');
        String sentence = "Table~\\ref{" + label + "} reports " + lowerFirst(LatexText.markdown(table.get()
                .caption())) + ", with every value as logged in our experiments.";
        return Optional.of(new Edit(point.id(), point.section(), "", sentence + "\n\n"
                + LogTableLatex.latex(table.get(), label), decision.evidence(), ""));
    }

    private Optional<Edit> citation(ReviewPoint point, PointDecision decision) {
        return verifier.find(point.quote()).map(citation -> new Edit(point.id(), point.section(), "",
                "Closely related is \\emph{" + LatexText.text(citation.title()) + "}~\\cite{" + citation.key() + "}.",
                decision.evidence(), citation.newEntry() ? citation.entry() : ""));
    }

    private Optional<Edit> correction(ReviewPoint point, PointDecision decision, String tex) {
        Optional<FactualCheck.Finding> finding = FactualCheck.check(point, materials, finder);
        if (finding.isEmpty() || finding.get().corrections().isEmpty()) {
            return Optional.empty();
        }
        Optional<String> raw = rawSpan(sectionBody(tex, point.section()), finding.get().paper().quote());
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        String corrected = raw.get();
        for (Map.Entry<String, String> correction : finding.get().corrections().entrySet()) {
            corrected = corrected.replaceAll("(?<![\\d.,])" + Pattern.quote(correction.getKey()) + "(?![\\d]|[.,]\\d)",
                    Matcher.quoteReplacement(correction.getValue()));
        }
        return Optional.of(new Edit(point.id(), point.section(), raw.get(), corrected, decision.evidence(), ""));
    }

    private Optional<Edit> detail(ReviewPoint point, PointDecision decision, String tex) {
        Optional<Evidence> source = decision.evidence().stream().filter(evidence -> evidence.source()
                != Evidence.Source.PAPER).findFirst();
        if (source.isEmpty()) {
            return Optional.empty();
        }
        String sentence = LatexText.markdown(source.get().quote().strip());
        String body = sectionBody(tex, point.section());
        Optional<String> anchor = finder.paperSentence(point.quote() + " " + source.get().quote(), body)
                .flatMap(nearest -> rawSpan(body, nearest.quote()))
                .filter(span -> body.indexOf(span) == body.lastIndexOf(span));
        return Optional.of(anchor.map(span -> new Edit(point.id(), point.section(), span, span + " " + sentence,
                        decision.evidence(), ""))
                .orElseGet(() -> new Edit(point.id(), point.section(), "", sentence, decision.evidence(), "")));
    }

    private static String sectionBody(String tex, String section) {
        return PaperSections.named(tex, section).map(PaperSections.Section::body).orElse("");
    }

    /** The passage as written in the text, for a sentence read with its line breaks joined. */
    static Optional<String> rawSpan(String text, String joined) {
        List<String> words = new ArrayList<>(List.of(joined.strip().split("\\s+")));
        String pattern = String.join("\\s+", words.stream().map(Pattern::quote).toList());
        Matcher matcher = Pattern.compile(pattern).matcher(text);
        return matcher.find() ? Optional.of(matcher.group()) : Optional.empty();
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() || text.length() > 1 && Character.isUpperCase(text.charAt(1)) ? text
                : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
