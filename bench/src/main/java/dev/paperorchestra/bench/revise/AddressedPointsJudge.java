package dev.paperorchestra.bench.revise;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline pairwise autorater, a deterministic heuristic and labelled as one: each paper scores the review
 * points it covers, a point counting the share of its content words (four letters or more, and its numbers) the
 * paper's text holds; the paper with the higher sum wins, within 0.01 a tie. It measures coverage of what reviewers
 * asked for, not quality: a paper that repeats the reviews verbatim would win. The score does not depend on the
 * slot, so both orders agree; they are asked anyway, like the model judge.
 */
public final class AddressedPointsJudge implements RevisionJudge {

    public static final String LABEL = "offline heuristic (review-term coverage, no model): not a quality judgement";

    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z-]{3,}|\\d+(?:\\.\\d+)?");
    private static final Set<String> STOP = Set.of("this", "that", "with", "from", "which", "should", "would",
            "could", "paper", "please", "also", "does", "have", "been", "were", "there", "their", "section", "authors",
            "more", "than", "into", "about", "whether", "well", "these", "those", "what", "when", "where");
    private static final double TIE = 0.01;

    @Override
    public String prefer(String caseName, List<String> points, String paper1, String paper2) {
        double first = score(points, paper1);
        double second = score(points, paper2);
        if (Math.abs(first - second) < TIE) {
            return "tie";
        }
        return first > second ? "paper_1" : "paper_2";
    }

    @Override
    public String label() {
        return LABEL;
    }

    static double score(List<String> points, String paper) {
        Set<String> text = words(paper);
        double total = 0;
        for (String point : points) {
            Set<String> asked = words(point);
            if (!asked.isEmpty()) {
                total += asked.stream().filter(text::contains).count() / (double) asked.size();
            }
        }
        return total;
    }

    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        Matcher matcher = WORD.matcher(text);
        while (matcher.find()) {
            String word = matcher.group().toLowerCase(Locale.ROOT);
            if (!STOP.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }
}
