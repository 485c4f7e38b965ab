package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The simulation's papers: materials generated per paper ({@link MaterialsGenerator}, deterministic from the
 * seed), spread over the research fields in turn, each under its own id and directory; a field's recorded
 * scholar records form its part of the corpus. What the simulated planner answers for a paper's outline is the
 * outline the offline rules make for that paper's materials (one the outline validator accepts), and what the
 * simulated searcher names for a query are the corpus papers of the best-matching field, with the DOI or arXiv
 * id a well-informed model gives for three in four of them.
 */
final class SyntheticPapers {

    private static final int NAMED_PER_QUERY = 4;

    /** One paper: its id, field (the example its corpus comes from), materials directory and idea title. */
    record Paper(String id, String field, Path materials, String title) {
    }

    private final List<Paper> papers;
    private final Map<String, Path> recordStores;
    private final Map<String, String> outlinesByTitle;

    private SyntheticPapers(List<Paper> papers, Map<String, Path> recordStores, Map<String, String> outlinesByTitle) {
        this.papers = List.copyOf(papers);
        this.recordStores = Map.copyOf(recordStores);
        this.outlinesByTitle = Map.copyOf(outlinesByTitle);
    }

    /** {@code count} papers generated with seed 1 (what {@link SimulatedProviders} serves). */
    static SyntheticPapers create(Path examples, Path materialsRoot, int count) throws IOException {
        return create(examples, materialsRoot, count, 1);
    }

    /** Generates {@code count} papers' materials under {@code materialsRoot}, the same ones for the same seed. */
    static SyntheticPapers create(Path examples, Path materialsRoot, int count, long seed) throws IOException {
        Map<String, Path> recordStores = new LinkedHashMap<>();
        for (ResearchField field : ResearchField.ALL) {
            Path records = examples.resolve(field.example()).resolve(MaterialsIntake.SCHOLAR_RECORDS);
            if (!Files.isRegularFile(records)) {
                throw new IllegalArgumentException("simulation: no recorded scholar records at "
                        + records.toAbsolutePath() + " (run from the repository root or set po.home)");
            }
            recordStores.put(field.example(), records);
        }
        LocalBlobStore scratch = new LocalBlobStore(materialsRoot.resolve(".outline-blobs"));
        MaterialsGenerator generator = new MaterialsGenerator(seed);
        List<Paper> papers = new ArrayList<>();
        Map<String, String> outlines = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            ResearchField field = ResearchField.ALL.get(i % ResearchField.ALL.size());
            String id = String.format("sim-%04d", i + 1);
            Path directory = materialsRoot.resolve(id);
            MaterialsGenerator.SyntheticMaterials materials = generator.generate(field, i);
            materials.write(directory);
            outlines.put(materials.title(), offlineOutline(directory, scratch));
            papers.add(new Paper(id, field.example(), directory, materials.title()));
        }
        return new SyntheticPapers(papers, recordStores, outlines);
    }

    private static String offlineOutline(Path materials, LocalBlobStore blobs) {
        JobOptions options = JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).build();
        PaperContext context = MaterialsDirectory.upload(materials, "outline", options, blobs, Instant.EPOCH);
        ParsedMaterials parsed = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(context.getMaterials());
        return Json.mapper().writeValueAsString(new OfflineOutliner(6, "4:3").outline(parsed, options));
    }

    List<Paper> papers() {
        return papers;
    }

    List<String> ids() {
        return papers.stream().map(Paper::id).toList();
    }

    Map<String, Path> recordStores() {
        return recordStores;
    }

    /** The outline for an outline request: that of the paper whose idea title the prompt carries (the longest). */
    String outlineFor(String userPrompt) {
        return outlinesByTitle.entrySet().stream().filter(entry -> userPrompt.contains(entry.getKey()))
                .max(java.util.Comparator.comparingInt(entry -> entry.getKey().length())).map(Map.Entry::getValue)
                .or(() -> outlineFromRequest(userPrompt))
                .orElseThrow(() -> new IllegalStateException("simulation: an outline request that carries no "
                        + "materials"));
    }

    /**
     * For a paper the simulation did not generate (a case of the user's own sent to {@code po stubs}), the outline
     * the offline rules make from what the request carries, as a planner would read it: the materials and the
     * template's sections. The guidelines are left out: the request does not mark where they end.
     */
    static Optional<String> outlineFromRequest(String userPrompt) {
        return Prompt.Materials.in(userPrompt).map(materials -> {
            StringBuilder template = new StringBuilder("\\documentclass{article}\n\\begin{document}\n");
            userPrompt.lines().filter(line -> line.startsWith(ModelOutliner.TEMPLATE_SECTIONS)).findFirst()
                    .map(line -> line.substring(ModelOutliner.TEMPLATE_SECTIONS.length()).split(", "))
                    .ifPresent(sections -> Arrays.stream(sections).filter(section -> !section.isBlank())
                            .forEach(section -> template.append("\\section{").append(section).append("}\n")));
            template.append("\\end{document}\n");
            ParsedMaterials parsed = new ParsedMaterials(materials.idea(), materials.experimentalLog(),
                    MarkdownTables.parse(materials.experimentalLog()), LatexTemplate.parse(template.toString()), "");
            return Json.mapper().writeValueAsString(new OfflineOutliner(6, "4:3").outline(parsed,
                    JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).build()));
        });
    }

    /** The papers a searcher names for a query: the best matches of the field that matches the query best. */
    List<ScriptedModel.Paper> searchResults(String userPrompt, ScholarCorpus corpus) {
        List<JsonNode> best = List.of();
        for (String field : corpus.fields()) {
            List<JsonNode> found = SimulatedScholarServer.ranked(corpus.field(field), userPrompt, NAMED_PER_QUERY);
            if (found.size() > best.size()) {
                best = found;
            }
        }
        List<ScriptedModel.Paper> named = new ArrayList<>();
        for (JsonNode paper : best) {
            JsonNode ids = paper.path("externalIds");
            boolean knowsIds = Math.floorMod(paper.path("paperId").asString().hashCode(), 4) != 0;
            named.add(new ScriptedModel.Paper(paper.path("title").asString(),
                    knowsIds ? ids.path("DOI").asString("") : "", knowsIds ? ids.path("ArXiv").asString("") : ""));
        }
        return named;
    }
}
