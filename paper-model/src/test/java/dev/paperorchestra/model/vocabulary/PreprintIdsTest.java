package dev.paperorchestra.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.vocabulary.PreprintIds.Found;
import dev.paperorchestra.model.vocabulary.PreprintIds.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreprintIdsTest {

    /** Every form the notes cleaner removes, as exports leave them. */
    static final List<String> INVENTORY = List.of("biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.",
            "medrxiv;2024.03.05.24303812v2/T2", "bioRxiv; 635838", "10.1101/2025.01.31.635838",
            "doi:10.1101/2025.01.31.635838v1", "DOI: 10.1101/123456",
            "https://www.biorxiv.org/content/10.1101/2025.01.31.635838v1",
            "https://doi.org/10.1101/2025.01.31.635838", "www.medrxiv.org/content/10.1101/2024.03.05.24303812v1.full",
            "connect.biorxiv.org/relate", "F1.large.jpg", "T2.medium.gif", "pone.0123456.g001",
            "journal.pbio.1234567.t002", "elife-12345-fig1-v2.jpg", "elife-123456-fig2-figsupp1", "PMC7654321",
            "PMCID: PMC7654321", "PMID: 31234567", "2025.01.31.635838v1.full.pdf", "<jats:p>", "</jats:title>",
            "bioRxiv preprint doi: https://doi.org/10.1101/2025.01.31.635838; this version posted February 2, 2025. "
                    + "The copyright holder for this preprint (which was not certified by peer review) is the "
                    + "author/funder. All rights reserved.");

    @Test
    void anything_the_cleaner_removes_is_found_by_the_gate_in_running_text() {
        for (String id : INVENTORY) {
            String text = "The cells grew (" + id + ") as expected.";
            PreprintIds.Removal removal = PreprintIds.remove(text);
            assertThat(removal.removed()).as(id).isNotEmpty();
            assertThat(PreprintIds.find(text)).as(id).isNotEmpty()
                    .allSatisfy(found -> assertThat(id).contains(found.text().strip()));
            assertThat(PreprintIds.present(text)).as(id).isTrue();
            assertThat(PreprintIds.find(removal.text())).as("left after removing " + id).isEmpty();
        }
    }

    @Test
    void a_figure_id_takes_its_trailing_label_and_a_stamp_wins_over_the_doi_it_holds() {
        assertThat(PreprintIds.find("see biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig. and F3.large.jpg"))
                .extracting(Found::kind, Found::text)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.FIGURE_ID,
                        "biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig."),
                        org.assertj.core.groups.Tuple.tuple(Kind.FIGURE_ID, "F3.large.jpg"));
        String stamp = INVENTORY.getLast();
        assertThat(PreprintIds.find(stamp)).singleElement().extracting(Found::kind).isEqualTo(Kind.STAMP);
        assertThat(PreprintIds.remove(stamp).count(Kind.STAMP)).isEqualTo(1);
        assertThat(PreprintIds.remove(stamp).count(Kind.PREPRINT_ID)).isZero();
    }

    /** An export that split the id at its date as if at a sentence end leaves the id's head behind. */
    @Test
    void a_figure_id_cut_at_its_date_is_one_too() {
        assertThat(PreprintIds.find("the number of sequences in (C).biorxiv;2023.06.15.")).singleElement()
                .extracting(Found::kind, Found::text)
                .containsExactly(Kind.FIGURE_ID, "biorxiv;2023.06.15.");
    }

    @Test
    void ordinary_numbers_dois_and_words_are_not_identifiers() {
        for (String text : List.of("an accuracy of 2025.01 on 31 images", "doi:10.1145/3292500.3330701",
                "PMC is a database", "the JATS format", "p53 and CD4 cells", "F1 score of 0.91",
                "Table 2.large")) {
            assertThat(PreprintIds.find(text)).as(text).isEmpty();
        }
    }

    @Test
    void counts_name_the_kind_for_notes() {
        assertThat(Kind.PUBMED_ID.count(1)).isEqualTo("1 PubMed/PMC id");
        assertThat(Kind.FIGURE_ID.count(3)).isEqualTo("3 bioRxiv/JATS figure ids");
    }

    @Test
    void a_megabyte_of_near_identifiers_is_read_in_linear_time() {
        for (String unit : List.of("biorxiv;2025.01.31.635838v1/" + "a".repeat(4000) + " ", "10.1101/" + "1".repeat(5000),
                "PMC1234 ", "<jats:" + "x".repeat(100))) {
            String text = unit.repeat(1_000_000 / unit.length());
            long started = System.nanoTime();
            PreprintIds.find(text);
            PreprintIds.remove(text);
            assertThat((System.nanoTime() - started) / 1_000_000).as(unit.substring(0, 8)).isLessThan(10_000);
        }
    }
}
