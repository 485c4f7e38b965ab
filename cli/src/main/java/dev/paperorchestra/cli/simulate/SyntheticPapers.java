package dev.paperorchestra.cli.simulate;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.materials.MaterialsLimits;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * The simulation's papers: materials directories generated deterministically from the example materials, one
 * research field per example (papers alternate between fields), each paper under its own id and directory;
 * the field's recorded scholar records form its part of the corpus. What the simulated planner answers for a
 * paper's outline is the outline the offline rules make for its materials (one the outline validator accepts),
 * and what the simulated searcher names for a query are the corpus papers of the best-matching field, with the
 * DOI or arXiv id a well-informed model gives for three in four of them.
 */
final class SyntheticPapers {

    private static final List<String> FIELDS = List.of("cvpr-sparse-depth", "iclr-adaptive-optim");
    private static final int NAMED_PER_QUERY = 4;

    /** One paper: its id, field and materials directory. */
    record Paper(String id, String field, Path materials) {
    }

    private final List<Paper> papers;
    private final Map<String, Path> recordStores;
    private final Map<String, String> titleLines;
    private final Map<String, String> outlines;

    private SyntheticPapers(List<Paper> papers, Map<String, Path> recordStores, Map<String, String> titleLines,
            Map<String, String> outlines) {
        this.papers = List.copyOf(papers);
        this.recordStores = Map.copyOf(recordStores);
        this.titleLines = Map.copyOf(titleLines);
        this.outlines = Map.copyOf(outlines);
    }

    static SyntheticPapers create(Path examples, Path materialsRoot, int count) throws IOException {
        Map<String, Path> recordStores = new LinkedHashMap<>();
        Map<String, String> titleLines = new LinkedHashMap<>();
        Map<String, String> outlines = new LinkedHashMap<>();
        LocalBlobStore scratch = new LocalBlobStore(materialsRoot.resolve(".outline-blobs"));
        for (String field : FIELDS) {
            Path source = examples.resolve(field);
            if (!Files.isDirectory(source)) {
                throw new IllegalArgumentException("simulation: no example materials at " + source.toAbsolutePath()
                        + " (run from the repository root or set po.home)");
            }
            recordStores.put(field, source.resolve("scholar_records.json"));
            titleLines.put(field, Files.readAllLines(source.resolve(MaterialsDirectory.IDEA)).getFirst()
                    .replaceFirst("^#\\s*", "").strip());
            outlines.put(field, offlineOutline(source, scratch));
        }
        List<Paper> papers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String field = FIELDS.get(i % FIELDS.size());
            String id = String.format("sim-%04d", i + 1);
            Path directory = materialsRoot.resolve(id);
            copyMaterials(examples.resolve(field), directory);
            papers.add(new Paper(id, field, directory));
        }
        return new SyntheticPapers(papers, recordStores, titleLines, outlines);
    }

    private static String offlineOutline(Path materials, LocalBlobStore blobs) {
        JobOptions options = JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).build();
        PaperContext context = MaterialsDirectory.upload(materials, "outline", options, blobs, Instant.EPOCH);
        ParsedMaterials parsed = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(context.getMaterials());
        return Json.mapper().writeValueAsString(new OfflineOutliner(6, "4:3").outline(parsed, options));
    }

    /** The materials without the recorded scholar store: model runs verify against the (simulated) service. */
    private static void copyMaterials(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path relative = source.relativize(file);
                if (relative.toString().equals("scholar_records.json") || relative.toString().equals("job.json")) {
                    continue;
                }
                Path destination = target.resolve(relative.toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(destination);
                } else {
                    Files.copy(file, destination);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
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

    /** The outline for an outline request: the field whose idea title the prompt carries. */
    String outlineFor(String userPrompt) {
        return titleLines.entrySet().stream().filter(entry -> userPrompt.contains(entry.getValue()))
                .map(entry -> outlines.get(entry.getKey())).findFirst()
                .orElseThrow(() -> new IllegalStateException("simulation: an outline request for no known field"));
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
