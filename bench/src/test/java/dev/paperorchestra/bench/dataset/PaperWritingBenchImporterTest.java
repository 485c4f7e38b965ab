package dev.paperorchestra.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter.IdeaChoice;
import dev.paperorchestra.bench.testing.ReferenceLayout;
import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import dev.paperorchestra.base.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

class PaperWritingBenchImporterTest {

    @TempDir
    Path dir;

    private Path paper(String name, boolean withTemplate) throws Exception {
        Path paper = Files.createDirectories(dir.resolve("src").resolve(name));
        Files.writeString(paper.resolve("idea_sparse.md"), "sparse idea");
        Files.writeString(paper.resolve("idea_dense.md"), "dense idea with $x$");
        Files.writeString(paper.resolve("experimental_log.md"), "log");
        Files.writeString(paper.resolve("conference_guidelines.md"), "Page limit: 8 pages");
        if (withTemplate) {
            Files.writeString(paper.resolve("template.tex"), "own template");
        }
        Files.writeString(paper.resolve("paper.tex"), "human paper");
        Files.writeString(paper.resolve("references.bib"), "@article{a, title={A}}");
        return paper;
    }

    private PaperWritingBenchImporter.Imported importReferenceLayout(IdeaChoice ideas) throws Exception {
        ReferenceLayout.write(dir);
        return new PaperWritingBenchImporter(VenueKits.scan(dir.resolve("kits")), ideas, null)
                .importAll(dir.resolve("src"), dir.resolve("data"));
    }

    /** {@code po run CASE --check --offline}, in this JVM as the po command runs it; the exit code and what it printed. */
    private static String poRunCheck(Path materials, List<Integer> exits) {
        StringWriter err = new StringWriter();
        CommandLine po = PoCommand.commandLine();
        po.setErr(new PrintWriter(err, true));
        exits.add(po.execute("run", materials.toString(), "--check", "--offline"));
        return err.toString();
    }

    @Test
    void every_case_imported_from_the_reference_layout_passes_po_run_check() throws Exception {
        var imported = importReferenceLayout(IdeaChoice.BOTH);

        assertThat(imported.cases()).containsExactlyInAnyOrder("adaptive-optim-sparse", "adaptive-optim-dense",
                "sparse-depth-sparse", "sparse-depth-dense", "frog-calls-sparse", "frog-calls-dense");
        for (String name : imported.cases()) {
            Path materials = dir.resolve("data").resolve(name);
            // the intake po run applies, with every problem by name on failure
            IntakeResult<CheckedMaterials> intake = MaterialsIntake.check(materials,
                    new JobRequest(null, null, null, null, true), MaterialsLimits.defaults());
            assertThat(intake).as(name + ": " + (intake instanceof IntakeResult.Rejected<CheckedMaterials> rejected
                    ? rejected.problems().stream().map(MaterialsProblem::message).toList() : "")).isInstanceOf(
                    IntakeResult.Accepted.class);
            assertThat(((IntakeResult.Accepted<CheckedMaterials>) intake).value().figures()).as(name).hasSize(1);
            // and the command itself
            List<Integer> exits = new ArrayList<>();
            String printed = poRunCheck(materials, exits);
            assertThat(exits).as(name + ": " + printed).containsExactly(0);
        }
    }

    @Test
    void a_case_is_its_idea_variant_the_venue_kit_beside_its_template_the_kits_prose_guidelines_and_the_captions()
            throws Exception {
        importReferenceLayout(IdeaChoice.BOTH);
        Path optim = dir.resolve("data/adaptive-optim-dense");
        Path frogs = dir.resolve("data/frog-calls-sparse");

        assertThat(optim.resolve("idea.md")).hasSameTextualContentAs(dir.resolve("src/neurips2025/adaptive-optim/idea_dense.md"));
        assertThat(dir.resolve("data/adaptive-optim-sparse/idea.md"))
                .hasSameTextualContentAs(dir.resolve("src/neurips2025/adaptive-optim/idea_sparse.md"));
        assertThat(optim.resolve("template.tex")).hasSameTextualContentAs(dir.resolve("kits/neurips2025/template.tex"));
        assertThat(optim.resolve("neurips2025.sty")).hasSameTextualContentAs(dir.resolve("kits/neurips2025/neurips2025.sty"));
        assertThat(optim.resolve("conference_guidelines.md")).content().contains("no longer than nine pages");
        // acl-long, named in venue.txt: its .sty, .bst and \input file beside template.tex; not its README or sample .bib
        assertThat(frogs.resolve("acl-long.sty")).exists();
        assertThat(frogs.resolve("acl_natbib.bst")).exists();
        assertThat(frogs.resolve("acl_macros.tex")).exists();
        assertThat(frogs.resolve("README.md")).doesNotExist();
        assertThat(frogs.resolve("sample.bib")).doesNotExist();
        assertThat(frogs.resolve("venue.txt")).doesNotExist();
        assertThat(frogs.resolve("conference_guidelines.md")).content().contains("up to eight (8) pages");
        // captions: the source's captions.json as it is, sidecar .txt files gathered into captions.json
        JsonNode optimCaptions = Json.mapper().readTree(optim.resolve("figures/captions.json").toFile());
        assertThat(optimCaptions.get("loss_curves.png").asString()).startsWith("Figure 1: Training loss of each optimiser");
        JsonNode frogCaptions = Json.mapper().readTree(frogs.resolve("figures/captions.json").toFile());
        assertThat(frogCaptions.get("site_map.png").asString()).isEqualTo("Recording sites along the two survey transects.");
        assertThat(frogs.resolve("figures/site_map.txt")).doesNotExist();
        // job.json: only what po run accepts, the venue by its kit's name; the source's other fields left out, said so
        JsonNode depthJob = Json.mapper().readTree(dir.resolve("data/sparse-depth-dense/job.json").toFile());
        assertThat(depthJob.propertyNames()).containsExactlyInAnyOrder("pageLimit", "venue");
        assertThat(depthJob.get("venue").asString()).isEqualTo("neurips2025");
        assertThat(Json.mapper().readTree(frogs.resolve("job.json").toFile()).get("venue").asString()).isEqualTo("acl-long");
        assertThat(optim.resolve("reference/paper.tex")).exists();
        assertThat(optim.resolve("scholar_records.json")).exists();
        // provenance apart, in the dataset's import.json, which no case reads
        JsonNode index = Json.mapper().readTree(dir.resolve("data/import.json").toFile());
        assertThat(index.get("cases")).anySatisfy(entry -> {
            assertThat(entry.get("case").asString()).isEqualTo("frog-calls-sparse");
            assertThat(entry.get("variant").asString()).isEqualTo("sparse");
            assertThat(entry.get("template").asString()).isEqualTo("kit acl-long");
            assertThat(entry.get("captions").asInt()).isEqualTo(1);
        });
        assertThat(Dataset.scan(dir.resolve("data"), null, null).cases()).hasSize(6);
    }

    @Test
    void idea_sparse_or_dense_alone_makes_one_case_per_paper() throws Exception {
        var imported = importReferenceLayout(IdeaChoice.SPARSE);

        assertThat(imported.cases()).containsExactlyInAnyOrder("adaptive-optim-sparse", "sparse-depth-sparse",
                "frog-calls-sparse");
        assertThat(IdeaChoice.parse("Dense")).isEqualTo(IdeaChoice.DENSE);
        assertThatThrownBy(() -> IdeaChoice.parse("medium")).hasMessageContaining("sparse, dense, both");
    }

    @Test
    void a_venue_that_names_no_kit_is_refused_naming_the_kits_there_are() throws Exception {
        ReferenceLayout.write(dir);
        Files.writeString(dir.resolve("src/frog-calls/venue.txt"), "interspeech");

        assertThatThrownBy(() -> new PaperWritingBenchImporter(VenueKits.scan(dir.resolve("kits")), IdeaChoice.BOTH,
                null).importAll(dir.resolve("src"), dir.resolve("data")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'interspeech' (from venue.txt)")
                .hasMessageContaining("acl-long, neurips2025");
    }

    @Test
    void sparse_and_dense_ideas_become_two_cases_with_the_venue_cutoff_and_the_reference_paper() throws Exception {
        paper("cvpr2025-042", true);

        var imported = new PaperWritingBenchImporter(null).importAll(dir.resolve("src"), dir.resolve("data"));

        assertThat(imported.cases()).containsExactly("cvpr2025-042-sparse", "cvpr2025-042-dense");
        Path sparse = dir.resolve("data/cvpr2025-042-sparse");
        assertThat(sparse.resolve("idea.md")).hasContent("sparse idea");
        assertThat(dir.resolve("data/cvpr2025-042-dense/idea.md")).hasContent("dense idea with $x$");
        assertThat(sparse.resolve("template.tex")).hasContent("own template");
        assertThat(sparse.resolve("reference/paper.tex")).hasContent("human paper");
        assertThat(sparse.resolve("reference/references.bib")).exists();
        JsonNode job = Json.mapper().readTree(sparse.resolve("job.json").toFile());
        assertThat(job.get("cutoffDate").asString()).isEqualTo("2024-11");
        assertThat(job.get("venue").asString()).isEqualTo("CVPR 2025");
        // what po run refuses is never written: provenance is in import.json
        assertThat(job.propertyNames()).containsExactlyInAnyOrder("cutoffDate", "venue");
        assertThat(dir.resolve("data/import.json")).content().contains("\"variant\" : \"sparse\"");
        assertThat(Dataset.scan(dir.resolve("data"), "*-sparse", null).cases()).extracting(BenchCase::name)
                .containsExactly("cvpr2025-042-sparse");
    }

    @Test
    void a_missing_template_is_filled_from_the_named_venue_default_and_recorded() throws Exception {
        paper("paper-7", false);

        var imported = new PaperWritingBenchImporter(VenueDefault.ICLR).importAll(dir.resolve("src"), dir.resolve("data"));

        Path dense = dir.resolve("data/paper-7-dense");
        assertThat(dense.resolve("template.tex")).content().contains("\\begin{document}");
        assertThat(Json.mapper().readTree(dense.resolve("job.json").toFile()).get("cutoffDate").asString())
                .isEqualTo("2024-10");
        assertThat(dense.resolve("job.json")).content().doesNotContain("filledFromVenueDefault");
        assertThat(dir.resolve("data/import.json")).content().contains("template.tex from iclr");
        assertThat(imported.notes()).contains("filled paper-7-dense/template.tex from iclr");
    }

    @Test
    void a_case_filled_from_a_bundled_venue_passes_po_run_check_as_written() throws Exception {
        Path paper = Files.createDirectories(dir.resolve("src/cvpr2025-042"));
        Files.writeString(paper.resolve("idea_sparse.md"), "# GlimpseDepth\n\nSparse idea about depth.\n");
        Files.copy(Path.of("../examples/cvpr-sparse-depth/experimental_log.md"), paper.resolve("experimental_log.md"));
        Files.writeString(paper.resolve("job.json"), "{\"venue\": \"CVPR 2025\", \"ideaVariant\": \"sparse\"}");
        var imported = new PaperWritingBenchImporter(null).importAll(dir.resolve("src"), dir.resolve("data"));

        List<Integer> exits = new ArrayList<>();
        poRunCheck(dir.resolve("data/cvpr2025-042-sparse"), exits);

        assertThat(exits).containsExactly(0);
        assertThat(imported.notes()).contains("cvpr2025-042-sparse/job.json: the source's field 'ideaVariant' left out "
                + "(po run accepts only approvalTimeout, approvals, cutoffDate, pageLimit, venue)");
    }

    @Test
    void a_link_in_a_kit_or_among_the_figures_is_refused_naming_it_and_nothing_is_read_through_it() throws Exception {
        ReferenceLayout.write(dir);
        Files.writeString(dir.resolve("secret.txt"), "not for the dataset");
        Files.createSymbolicLink(dir.resolve("kits/acl-long/extra.sty"), dir.resolve("secret.txt"));
        var importer = new PaperWritingBenchImporter(VenueKits.scan(dir.resolve("kits")), IdeaChoice.BOTH, null);

        assertThatThrownBy(() -> importer.importAll(dir.resolve("src"), dir.resolve("data")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("extra.sty").hasMessageContaining("link");

        Files.delete(dir.resolve("kits/acl-long/extra.sty"));
        Files.createSymbolicLink(dir.resolve("src/frog-calls/figures/secret.png"), dir.resolve("secret.txt"));
        assertThatThrownBy(() -> importer.importAll(dir.resolve("src"), dir.resolve("data2")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("secret.png").hasMessageContaining("link");
        try (var written = Files.walk(dir)) {
            assertThat(written.filter(f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .filter(f -> !f.equals(dir.resolve("secret.txt"))))
                    .noneMatch(f -> { try { return Files.readString(f).contains("not for the dataset"); }
                        catch (java.io.IOException | java.io.UncheckedIOException e) { return false; } });
        }
    }

    @Test
    void a_paper_without_a_template_of_unknown_venue_is_refused_with_its_name() throws Exception {
        paper("paper-9", false);

        assertThatThrownBy(() -> new PaperWritingBenchImporter(null).importAll(dir.resolve("src"), dir.resolve("data")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paper-9")
                .hasMessageContaining("--venue-default").hasMessageContaining("venue.txt");
    }
}
