package dev.paperorchestra.literature.registry;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.bibtex.BibtexText;
import dev.paperorchestra.content.bibtex.ScholarBibtex;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.ScholarRecord;
import java.io.StringReader;
import java.util.List;
import org.jbibtex.BibTeXDatabase;
import org.jbibtex.BibTeXEntry;
import org.jbibtex.BibTeXParser;
import org.jbibtex.Key;
import org.jbibtex.LaTeXParser;
import org.jbibtex.LaTeXPrinter;
import org.junit.jupiter.api.Test;

class BibtexWriterTest {

    private static CitationRegistry registryOf(ScholarRecord... records) {
        return CitationRegistry.build(java.util.Arrays.stream(records)
                .map(record -> accepted(candidate(record.getTitle()).build(), record)).toList());
    }

    private static BibTeXDatabase parse(String bib) throws Exception {
        return new BibTeXParser().parse(new StringReader(bib));
    }

    private static String field(BibTeXDatabase database, String key, Key field) {
        return database.resolveEntry(new Key(key)).getField(field).toUserString();
    }

    @Test
    void escapes_latex_special_characters_in_titles_venues_and_authors() throws Exception {
        ScholarRecord record = record("s1", "Cost & Benefit: 100% of $x_1$ {Braces} #1 ~ ^ \\ done")
                .setVenue("Journal of R&D_Studies").setAuthors(List.of("Zoë O'Brien", "Li_Wei")).setYear(2020).build();

        String bib = BibtexWriter.write(registryOf(record), null);
        BibTeXDatabase database = parse(bib);

        String title = field(database, "obrien2020cost", BibTeXEntry.KEY_TITLE);
        assertThat(title).contains("\\&", "100\\%", "\\$x\\_1\\$", "\\#1", "\\textbraceleft{}", "\\textbackslash{}")
                .doesNotContainPattern("(?<!\\\\)[&%$#_]");
        assertThat(field(database, "obrien2020cost", BibTeXEntry.KEY_JOURNAL)).isEqualTo("Journal of R\\&D\\_Studies");
        // a non-ASCII letter becomes a braced accent command, which every engine and BibTeX's name parser accept
        assertThat(field(database, "obrien2020cost", BibTeXEntry.KEY_AUTHOR))
                .isEqualTo("Zo{\\\"{e}} O'Brien and Li\\_Wei");
    }

    @Test
    void escaped_titles_read_back_as_the_original_text() throws Exception {
        ScholarRecord record = record("s1", "Depth & Motion: 50% Fewer Labels").setYear(2021).build();

        String title = field(parse(BibtexWriter.write(registryOf(record), null)), "lovelace2021depth",
                BibTeXEntry.KEY_TITLE);

        assertThat(new LaTeXPrinter().print(new LaTeXParser().parse(title))).isEqualTo("Depth & Motion: 50% Fewer Labels");
    }

    @Test
    void protects_capitalised_title_words_with_braces() {
        assertThat(BibtexText.title("NeRF in the Wild for KITTI")).isEqualTo("{NeRF} in the {Wild} for {KITTI}");
    }

    @Test
    void round_trips_every_entry_with_the_offline_label() throws Exception {
        CitationRegistry registry = registryOf(
                record("s1", "Deep Residual Learning for Image Recognition").setAuthors(List.of("Kaiming He"))
                        .setYear(2016).setDoi("10.1109/CVPR.2016.90").build(),
                record("s2", "Attention Is All You Need").setAuthors(List.of("Ashish Vaswani")).setYear(2017)
                        .setVenue("Neural Information Processing Systems").setArxivId("1706.03762").build(),
                record("s3", "Adam: A Method for Stochastic Optimization").setAuthors(List.of("Diederik P. Kingma"))
                        .setYear(2014).setVenue("arXiv.org").setArxivId("1412.6980").build(),
                record("s4", "Sparse Depth").setYear(2019).setVenue(null).build());

        String bib = BibtexWriter.write(registry, ModelMode.OFFLINE_LABEL);
        BibTeXDatabase database = parse(bib);

        assertThat(bib).startsWithIgnoringCase("@comment{OFFLINE MODE");
        assertThat(database.getEntries().keySet()).extracting(Key::getValue)
                .containsExactlyInAnyOrderElementsOf(registry.keys());
        assertThat(database.resolveEntry(new Key("he2016deep")).getType()).isEqualTo(BibTeXEntry.TYPE_INPROCEEDINGS);
        assertThat(field(database, "he2016deep", BibTeXEntry.KEY_DOI)).isEqualTo("10.1109/CVPR.2016.90");
        assertThat(field(database, "vaswani2017attention", BibTeXEntry.KEY_EPRINT)).isEqualTo("1706.03762");
        assertThat(database.resolveEntry(new Key("kingma2014adam")).getType()).isEqualTo(BibTeXEntry.TYPE_MISC);
        assertThat(database.resolveEntry(new Key("lovelace2019sparse")).getType()).isEqualTo(BibTeXEntry.TYPE_MISC);
    }

    @Test
    void chooses_the_entry_type_from_the_venue() {
        assertThat(ScholarBibtex.typeOf("IEEE International Conference on Computer Vision"))
                .isEqualTo(BibTeXEntry.TYPE_INPROCEEDINGS);
        assertThat(ScholarBibtex.typeOf("CVPR Workshops")).isEqualTo(BibTeXEntry.TYPE_INPROCEEDINGS);
        assertThat(ScholarBibtex.typeOf("ICLR")).isEqualTo(BibTeXEntry.TYPE_INPROCEEDINGS);
        assertThat(ScholarBibtex.typeOf("IEEE Transactions on Pattern Analysis and Machine Intelligence"))
                .isEqualTo(BibTeXEntry.TYPE_ARTICLE);
        assertThat(ScholarBibtex.typeOf(null)).isEqualTo(BibTeXEntry.TYPE_MISC);
    }
}
