package dev.paperorchestra.writer.repair;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OfflineTightenerTest {

    private static String table(int n) {
        return "\\begin{table}[t]\n\\caption{T" + n + ".}\\label{tab:t" + n + "}\n\\end{table}\n";
    }

    private static final String PAPER = "\\begin{document}\n\\section{Experiments}\nSee Tables~\\ref{tab:t1}--"
            + "\\ref{tab:t5}.\n" + table(1) + table(2) + table(3) + table(4) + table(5)
            + "\\section{Conclusion}\nDone.\n\\bibliography{references}\n\\end{document}\n";

    @Test
    void moves_the_later_half_of_the_movable_tables_into_an_appendix_after_the_bibliography() {
        String tightened = new OfflineTightener().revise("p1", Problem.PAGES, PAPER, "").orElseThrow();

        int bibliography = tightened.indexOf("\\bibliography{references}");
        assertThat(tightened.indexOf("tab:t3}")).isLessThan(bibliography);
        assertThat(tightened.indexOf("tab:t4}\n\\end{table}")).isGreaterThan(bibliography);
        assertThat(tightened.indexOf("tab:t5}\n\\end{table}")).isGreaterThan(tightened.indexOf("tab:t4}\n\\end"));
        assertThat(tightened).contains("\\appendix\n\\section{Additional Results}").endsWith("\\end{document}\n");
        assertThat(tightened.split("\\\\begin\\{table}", -1)).hasSize(6);
    }

    @Test
    void a_second_call_moves_more_without_a_second_appendix_heading() {
        OfflineTightener tightener = new OfflineTightener();
        String once = tightener.revise("p1", Problem.PAGES, PAPER, "").orElseThrow();

        String twice = tightener.revise("p1", Problem.PAGES, once, "").orElseThrow();

        assertThat(twice.indexOf("tab:t3}\n\\end{table}")).isGreaterThan(twice.indexOf("\\bibliography{"));
        assertThat(twice.indexOf("tab:t2}\n\\end{table}")).isLessThan(twice.indexOf("\\bibliography{"));
        assertThat(twice.split("Additional Results", -1)).hasSize(2);
    }

    @Test
    void the_first_table_stays_and_other_problems_are_not_handled() {
        String oneTable = PAPER.replace(table(2) + table(3) + table(4) + table(5), "");
        OfflineTightener tightener = new OfflineTightener();

        assertThat(tightener.revise("p1", Problem.PAGES, oneTable, "")).isEmpty();
        assertThat(tightener.handles(Problem.GATES)).isFalse();
        assertThat(tightener.handles(Problem.COMPILE)).isFalse();
        assertThat(tightener.handles(Problem.PAGES)).isTrue();
    }

    @Test
    void with_no_table_to_move_the_later_half_of_the_longest_sections_paragraphs_moves_to_an_uncounted_appendix() {
        StringBuilder results = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            results.append("Observation ").append(i).append(" of the results holds these several words.\n\n");
        }
        String paper = "\\begin{document}\n\\section{Introduction}\nWhy it matters.\n\n\\section{Results}\n"
                + results + "\\section{Discussion}\nWhat it means.\n\\bibliography{references}\n\\end{document}\n";

        // guidelines that count the appendix: moving prose there would not shorten what the limit counts
        assertThat(new OfflineTightener(false).revise("p1", Problem.PAGES, paper, "")).isEmpty();

        String tightened = new OfflineTightener(true).revise("p1", Problem.PAGES, paper, "").orElseThrow();

        int bibliography = tightened.indexOf("\\bibliography{references}");
        assertThat(tightened.indexOf("Observation 3 ")).isLessThan(bibliography);
        assertThat(tightened.indexOf("Observation 4 ")).isGreaterThan(bibliography);
        assertThat(tightened.indexOf("Observation 6 ")).isGreaterThan(tightened.indexOf("Observation 4 "));
        assertThat(tightened).contains("\\appendix\n\\section{Additional Results}").endsWith("\\end{document}\n")
                .containsOnlyOnce("Observation 5 ").contains("\\section{Discussion}\nWhat it means.");
    }
}
