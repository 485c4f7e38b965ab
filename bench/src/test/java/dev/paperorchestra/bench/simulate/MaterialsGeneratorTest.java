package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class MaterialsGeneratorTest {

    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final ScholarCorpus CORPUS = ScholarCorpus.load(Map.of(
            ResearchField.DEPTH.example(), EXAMPLES.resolve("cvpr-sparse-depth/scholar_records.json"),
            ResearchField.OPTIMIZATION.example(), EXAMPLES.resolve("iclr-adaptive-optim/scholar_records.json")));

    private static List<MaterialsGenerator.SyntheticMaterials> papers(long seed, ResearchField field, int count) {
        MaterialsGenerator generator = new MaterialsGenerator(seed);
        return IntStream.range(0, count).mapToObj(i -> generator.generate(field, i)).toList();
    }

    /** The corpus records a paper's setup names find first in its field: the works it should cite. */
    private static Set<String> worksToCite(MaterialsGenerator.SyntheticMaterials paper, ResearchField field) {
        return paper.setupNames().stream()
                .flatMap(name -> SimulatedScholarServer.ranked(CORPUS.field(field.example()), name, 1).stream())
                .map(record -> record.path("paperId").asString()).collect(Collectors.toSet());
    }

    @Test
    void generates_distinct_papers_with_their_own_titles_logs_and_numbers() {
        List<MaterialsGenerator.SyntheticMaterials> papers = papers(7, ResearchField.DEPTH, 12);

        assertThat(papers).extracting(MaterialsGenerator.SyntheticMaterials::title).doesNotHaveDuplicates();
        assertThat(papers).extracting(MaterialsGenerator.SyntheticMaterials::idea).doesNotHaveDuplicates();
        assertThat(papers).extracting(MaterialsGenerator.SyntheticMaterials::log).doesNotHaveDuplicates();
        assertThat(papers).extracting(paper -> paper.log().lines().filter(line -> line.startsWith("### ")).count())
                .allSatisfy(tables -> assertThat(tables).isBetween(5L, 6L));
        assertThat(papers(8, ResearchField.OPTIMIZATION, 12))
                .extracting(paper -> paper.log().lines().filter(line -> line.startsWith("### ")).count())
                .contains(5L, 6L);
        assertThat(papers).extracting(MaterialsGenerator.SyntheticMaterials::log)
                .allMatch(log -> log.contains("### Efficiency of "), "an efficiency table in every log")
                .allMatch(log -> log.contains("Parameters (M) ↓"), "parameters in every efficiency table");
        assertThat(papers).extracting(paper -> paper.log().lines().filter(line -> line.startsWith("- Baselines: "))
                .findFirst().orElseThrow().split(", ").length)
                .allSatisfy(baselines -> assertThat(baselines).isBetween(7, 10));
        assertThat(papers).extracting(MaterialsGenerator.SyntheticMaterials::log)
                .noneMatch(log -> log.contains("GlimpseDepth") || log.contains("Concord"));
    }

    @Test
    void the_same_seed_generates_the_same_papers_and_another_seed_others() {
        assertThat(papers(7, ResearchField.OPTIMIZATION, 4)).isEqualTo(papers(7, ResearchField.OPTIMIZATION, 4));
        assertThat(papers(8, ResearchField.OPTIMIZATION, 4)).extracting(MaterialsGenerator.SyntheticMaterials::log)
                .doesNotContainAnyElementsOf(papers(7, ResearchField.OPTIMIZATION, 4).stream()
                        .map(MaterialsGenerator.SyntheticMaterials::log).toList());
    }

    @Test
    void every_generated_paper_passes_the_materials_intake_with_a_deadline_and_a_page_limit(@TempDir Path root)
            throws Exception {
        MaterialsGenerator generator = new MaterialsGenerator(3);
        for (int i = 0; i < 6; i++) {
            ResearchField field = ResearchField.ALL.get(i % ResearchField.ALL.size());
            MaterialsGenerator.SyntheticMaterials paper = generator.generate(field, i);
            Path directory = root.resolve("paper-" + i);
            paper.write(directory);

            IntakeResult<?> intake = MaterialsIntake.check(directory, new JobRequest(null, null, null, 1, false),
                    MaterialsLimits.defaults());

            assertThat(intake).as(paper.title() + ": " + intake).isInstanceOf(IntakeResult.Accepted.class);
            Guidelines guidelines = Guidelines.parse(paper.guidelines());
            assertThat(guidelines.deadline()).as(paper.title()).isPresent();
            assertThat(guidelines.pageLimit()).as(paper.title()).isPresent();
        }
    }

    @Test
    void papers_of_one_field_overlap_in_the_works_they_should_cite_and_find_them_in_their_own_corpus() {
        for (ResearchField field : ResearchField.ALL) {
            List<MaterialsGenerator.SyntheticMaterials> papers = papers(11, field, 6);
            for (MaterialsGenerator.SyntheticMaterials paper : papers) {
                assertThat(paper.setupNames()).as(paper.title()).allSatisfy(name -> assertThat(
                        SimulatedScholarServer.ranked(CORPUS.field(field.example()), name, 1)).as(name).isNotEmpty());
            }
            List<Set<String>> works = papers.stream().map(paper -> worksToCite(paper, field)).toList();
            for (int i = 1; i < works.size(); i++) {
                Set<String> shared = new HashSet<>(works.getFirst());
                shared.retainAll(works.get(i));
                assertThat(shared).as(field.example() + ": papers 0 and " + i + " share works").isNotEmpty();
                assertThat(works.get(i)).as("not a copy").isNotEqualTo(works.getFirst());
            }
        }
    }

    @Test
    void synthetic_papers_get_their_own_outline_by_the_title_their_prompt_carries(@TempDir Path root)
            throws Exception {
        SyntheticPapers papers = SyntheticPapers.create(EXAMPLES, root, 3, 5);

        assertThat(papers.papers()).extracting(SyntheticPapers.Paper::field)
                .containsExactly("cvpr-sparse-depth", "iclr-adaptive-optim", "cvpr-sparse-depth");
        List<String> outlines = papers.papers().stream()
                .map(paper -> papers.outlineFor("Write the outline.\n# " + paper.title() + "\n...")).toList();
        assertThat(outlines).doesNotHaveDuplicates();
        JsonNode first = Json.mapper().readTree(outlines.getFirst());
        assertThat(first.has("plotting_plan")).isTrue();
    }
}
