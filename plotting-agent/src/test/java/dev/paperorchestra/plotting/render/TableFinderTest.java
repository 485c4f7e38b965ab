package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableFinderTest {

    @Test
    void finds_the_table_whose_caption_equals_the_title() {
        TableFinder.Lookup lookup = TableFinder.find(Fixtures.plot(
                "RMSE (m) as a function of the number of sparse measurements", "a line chart", "4:3"),
                Fixtures.tables());

        assertThat(lookup).isInstanceOfSatisfying(TableFinder.Found.class,
                found -> assertThat(found.table().table().index()).isEqualTo(1));
    }

    @Test
    void matches_the_caption_ignoring_case_and_markdown() {
        TableFinder.Lookup lookup = TableFinder.find(Fixtures.plot("**depth ACCURACY on NYU Depth v2**", "", "4:3"),
                Fixtures.tables());

        assertThat(lookup).isInstanceOfSatisfying(TableFinder.Found.class,
                found -> assertThat(found.table().caption()).isEqualTo("Depth accuracy on NYU Depth v2"));
    }

    @Test
    void falls_back_to_the_caption_sharing_most_words_with_title_and_objective() {
        TableFinder.Lookup lookup = TableFinder.find(Fixtures.plot("Error versus measurement count",
                "Show how RMSE falls as sparse measurements are added", "4:3"), Fixtures.tables());

        assertThat(lookup).isInstanceOfSatisfying(TableFinder.Found.class,
                found -> assertThat(found.table().table().index()).isEqualTo(1));
    }

    @Test
    void a_table_named_by_the_title_without_numbers_is_missing_with_the_reason() {
        TableFinder.Lookup lookup = TableFinder.find(Fixtures.plot("Qualitative notes per scene", "", "4:3"),
                Fixtures.tables());

        assertThat(lookup).isEqualTo(new TableFinder.Missing(
                "table 'Qualitative notes per scene' has no numeric column to chart"));
    }

    @Test
    void no_numeric_table_at_all_is_missing_with_the_reason() {
        List<SourceTable> words = SourceTable.parse("""
                ### Notes
                | Scene | Observation |
                |---|---|
                | Kitchen | mirrors |
                """, SourceTable.Source.LOG);

        assertThat(TableFinder.find(Fixtures.plot("Notes", "", "1:1"), words)).isInstanceOf(TableFinder.Missing.class);
        assertThat(TableFinder.find(Fixtures.plot("Scaling", "", "1:1"), words))
                .isEqualTo(new TableFinder.Missing("the materials have no table with numeric columns to chart"));
    }

    @Test
    void a_title_sharing_no_word_with_any_caption_is_missing() {
        assertThat(TableFinder.find(Fixtures.plot("Training throughput", "tokens per second", "1:1"),
                Fixtures.tables())).isInstanceOf(TableFinder.Missing.class);
    }
}
