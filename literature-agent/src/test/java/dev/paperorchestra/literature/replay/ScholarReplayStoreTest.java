package dev.paperorchestra.literature.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.ScholarRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScholarReplayStoreTest {

    @TempDir
    Path dir;

    @Test
    void reads_semantic_scholar_records() throws Exception {
        Path file = Files.writeString(dir.resolve("records.json"), """
                {"description": "test", "papers": [
                  {"paperId": "abc", "title": "Attention Is All You Need", "abstract": "Transformers.",
                   "year": 2017, "venue": "Neural Information Processing Systems", "publicationDate": "2017-06-12",
                   "citationCount": 100, "authors": [{"authorId": "1", "name": "Ashish Vaswani"}, {"name": "Noam Shazeer"}],
                   "externalIds": {"ArXiv": "1706.03762", "DOI": null}},
                  {"paperId": "def", "title": "Untitled record", "abstract": "", "venue": "", "authors": []},
                  {"title": "No id"}
                ]}""");

        List<ScholarRecord> records = ScholarReplayStore.load(List.of(file)).records();

        assertThat(records).hasSize(2);
        assertThat(records.getFirst()).isEqualTo(ScholarRecord.newBuilder().setScholarId("abc")
                .setTitle("Attention Is All You Need").setAuthors(List.of("Ashish Vaswani", "Noam Shazeer"))
                .setVenue("Neural Information Processing Systems").setYear(2017).setPublicationDate("2017-06-12")
                .setCitationCount(100).setAbstractText("Transformers.").setDoi(null).setArxivId("1706.03762")
                .build());
        assertThat(records.get(1).getAbstractText()).isNull();
        assertThat(records.get(1).getVenue()).isNull();
    }

    @Test
    void keeps_the_first_copy_of_a_paper_recorded_twice() throws Exception {
        Path first = Files.writeString(dir.resolve("a.json"), "{\"papers\": [{\"paperId\": \"x\", \"title\": \"First\"}]}");
        Path second = Files.writeString(dir.resolve("b.json"), "[{\"paperId\": \"x\", \"title\": \"Second\"}]");

        assertThat(ScholarReplayStore.load(List.of(first, second)).records()).extracting(ScholarRecord::getTitle)
                .containsExactly("First");
    }

    @Test
    void refuses_a_malformed_file_naming_it() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{not json");

        assertThatThrownBy(() -> ScholarReplayStore.load(List.of(broken))).hasMessageContaining("broken.json");
    }

    @Test
    void skips_a_missing_file() {
        assertThat(ScholarReplayStore.load(List.of(dir.resolve("missing.json"))).isEmpty()).isTrue();
    }
}
