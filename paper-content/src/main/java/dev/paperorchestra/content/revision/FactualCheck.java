package dev.paperorchestra.content.revision;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Settles a claimed factual error against the materials. The paper's statement is its numeric sentence (in the
 * located section) sharing most words with the point; the materials' statement is the log or idea sentence with
 * numbers sharing most words with that. The paper's numbers found nowhere in the materials are wrong; when the
 * materials' sentence has as many numbers the paper lacks, they pair up in order as the corrections.
 */
final class FactualCheck {

    private static final int LEAST_SHARED = 2;

    /**
     * @param paper       the paper's statement, verbatim
     * @param materials   the materials' statement, verbatim
     * @param corrections wrong number as written in the paper to the materials' number as written; empty when
     *                    nothing is to be corrected
     * @param confirmed   true when every number of the paper's statement is in the materials
     */
    record Finding(Evidence paper, Evidence materials, Map<String, String> corrections, boolean confirmed) {
    }

    private FactualCheck() {
    }

    static Optional<Finding> check(ReviewPoint point, RevisionMaterials materials, EvidenceFinder finder) {
        String scope = point.section() == null ? materials.tex()
                : PaperSections.named(materials.tex(), point.section()).map(PaperSections.Section::body)
                        .orElse(materials.tex());
        Optional<String> paperSentence = bestNumeric(point.quote(), EvidenceFinder.latexSentences(scope));
        if (paperSentence.isEmpty()) {
            return Optional.empty();
        }
        List<String> logSentences = EvidenceFinder.sentences(materials.experimentalLog());
        List<String> ideaSentences = EvidenceFinder.sentences(materials.idea());
        List<String> all = new ArrayList<>(logSentences);
        all.addAll(ideaSentences);
        Optional<String> materialsSentence = bestNumeric(paperSentence.get(), all);
        if (materialsSentence.isEmpty()) {
            return Optional.empty();
        }
        Set<BigDecimal> known = Numbers.values(materials.experimentalLog() + "\n" + materials.idea());
        Set<BigDecimal> inPaperSentence = new java.util.HashSet<>();
        List<String> wrong = new ArrayList<>();
        for (String number : Numbers.stated(paperSentence.get())) {
            inPaperSentence.add(Numbers.value(number));
            if (!known.contains(Numbers.value(number))) {
                wrong.add(number);
            }
        }
        List<String> replacements = Numbers.stated(materialsSentence.get()).stream()
                .filter(number -> !inPaperSentence.contains(Numbers.value(number))).distinct().toList();
        Map<String, String> corrections = new LinkedHashMap<>();
        if (!wrong.isEmpty() && wrong.size() == replacements.size()) {
            for (int i = 0; i < wrong.size(); i++) {
                corrections.put(wrong.get(i), replacements.get(i));
            }
        }
        Evidence.Source source = logSentences.contains(materialsSentence.get()) ? Evidence.Source.LOG
                : Evidence.Source.IDEA;
        return Optional.of(new Finding(new Evidence(Evidence.Source.PAPER, paperSentence.get()),
                new Evidence(source, materialsSentence.get()), corrections, wrong.isEmpty()));
    }

    private static Optional<String> bestNumeric(String text, List<String> sentences) {
        String best = null;
        int most = LEAST_SHARED - 1;
        for (String sentence : sentences) {
            if (Numbers.stated(sentence).isEmpty()) {
                continue;
            }
            int shared = Terms.shared(text, sentence);
            if (shared > most) {
                best = sentence;
                most = shared;
            }
        }
        return Optional.ofNullable(best);
    }
}
