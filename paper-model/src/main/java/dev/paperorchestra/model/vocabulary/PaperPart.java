package dev.paperorchestra.model.vocabulary;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The parts of a paper a venue may leave out of its page limit ("eight pages, excluding references and
 * appendices"), with the words guidelines name them by. The guidelines reader, the PAGES gate and the page
 * count of the PDF all use this one list.
 */
public enum PaperPart {
    /** What every page limit counts. */
    MAIN_TEXT("main text", List.of()),
    REFERENCES("references", List.of("references", "reference", "reference list", "bibliography", "bibliographies",
            "citations")),
    APPENDIX("appendix", List.of("appendix", "appendices", "supplementary material", "supplementary materials",
            "supplemental material", "supplemental materials")),
    ETHICS_STATEMENT("ethics statement", List.of("ethics", "ethical", "broader impact", "broader impacts",
            "impact statement", "impact statements", "societal impact", "societal impacts")),
    REPRODUCIBILITY_STATEMENT("reproducibility statement", List.of("reproducibility")),
    ACKNOWLEDGEMENTS("acknowledgements", List.of("acknowledgements", "acknowledgments", "acknowledgement",
            "acknowledgment")),
    LIMITATIONS("limitations", List.of("limitations", "limitations section", "limitation section",
            "limitations statement")),
    CHECKLIST("checklist", List.of("checklist", "checklists"));

    private final String label;
    private final List<String> phrases;

    PaperPart(String label, List<String> phrases) {
        this.label = label;
        this.phrases = phrases;
    }

    /** How notes and summaries name the part, e.g. "references". */
    public String label() {
        return label;
    }

    /** The words guidelines name this part by, lower case. */
    public List<String> phrases() {
        return phrases;
    }

    /** The part a label names ({@link #label()}), e.g. from summary.json. */
    public static Optional<PaperPart> ofLabel(String label) {
        String wanted = label.strip().toLowerCase(Locale.ROOT);
        for (PaperPart part : values()) {
            if (part.label.equals(wanted) || part.name().equalsIgnoreCase(wanted)) {
                return Optional.of(part);
            }
        }
        return Optional.empty();
    }
}
