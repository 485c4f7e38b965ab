package dev.paperorchestra.literature.registry;

import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CiteKeysTest {

    @Test
    void joins_surname_year_and_first_significant_title_word() {
        assertThat(CiteKeys.base(record("s", "Deep Residual Learning for Image Recognition")
                .setAuthors(List.of("Kaiming He", "Xiangyu Zhang")).setYear(2016).build())).isEqualTo("he2016deep");
    }

    @Test
    void skips_leading_stop_words_of_the_title() {
        assertThat(CiteKeys.firstWord("On the Importance of Initialization")).isEqualTo("importance");
        assertThat(CiteKeys.firstWord("A 3D Benchmark")).isEqualTo("3d");
    }

    @Test
    void folds_accents_and_drops_non_letters_from_the_surname() {
        assertThat(CiteKeys.surname(List.of("Jürgen Schmidhuber"))).isEqualTo("schmidhuber");
        assertThat(CiteKeys.surname(List.of("Pablo Arbeláez"))).isEqualTo("arbelaez");
        assertThat(CiteKeys.surname(List.of("Martin Luther King Jr."))).isEqualTo("king");
        assertThat(CiteKeys.surname(List.of("O'Neil, Cathy"))).isEqualTo("oneil");
    }

    @Test
    void uses_placeholders_when_author_or_year_is_missing() {
        assertThat(CiteKeys.base(record("s", "Deep Nets").setAuthors(List.of()).setYear(null)
                .setPublicationDate(null).build())).isEqualTo("anonnddeep");
    }

    @Test
    void suffixes_a_taken_key_with_the_next_free_letter() {
        assertThat(CiteKeys.unique("he2016deep", Set.of())).isEqualTo("he2016deep");
        assertThat(CiteKeys.unique("he2016deep", Set.of("he2016deep"))).isEqualTo("he2016deepa");
        assertThat(CiteKeys.unique("he2016deep", Set.of("he2016deep", "he2016deepa"))).isEqualTo("he2016deepb");
    }
}
