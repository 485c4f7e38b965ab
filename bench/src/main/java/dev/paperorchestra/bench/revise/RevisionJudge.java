package dev.paperorchestra.bench.revise;

import java.util.List;

/**
 * A pairwise autorater of revisions: which of two versions of a paper answers the review points better. Asked in
 * both orders, so a judge's preference for the first or second slot cancels out.
 */
public interface RevisionJudge {

    /** "paper_1", "paper_2" or "tie". */
    String prefer(String caseName, List<String> points, String paper1, String paper2);

    /** What the report says about this judge, e.g. that it is an offline heuristic. */
    String label();

    /** The revised paper's verdict against the other (win, tie, loss), from both orders. */
    default Verdict judge(String caseName, List<String> points, String revised, String other) {
        String first = prefer(caseName, points, revised, other);
        String second = prefer(caseName, points, other, revised);
        return new Verdict(slot(first, "paper_1"), slot(second, "paper_2"));
    }

    private static String slot(String winner, String revisedSlot) {
        return winner.equals("tie") ? "tie" : winner.equals(revisedSlot) ? "win" : "loss";
    }

    /**
     * @param revisedFirst  the verdict with the revised paper in the first slot
     * @param revisedSecond the verdict with it in the second slot
     */
    record Verdict(String revisedFirst, String revisedSecond) {

        /** Two wins or a win and a tie is a win; a win and a loss, or two ties, a tie; anything else a loss. */
        public String combined() {
            long wins = List.of(revisedFirst, revisedSecond).stream().filter("win"::equals).count();
            long ties = List.of(revisedFirst, revisedSecond).stream().filter("tie"::equals).count();
            if (wins == 2 || wins == 1 && ties == 1) {
                return "win";
            }
            return wins == 1 || ties == 2 ? "tie" : "loss";
        }
    }
}
