package dev.paperorchestra.outline.exemplar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.outline.OutlineService;
import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.outline.plan.Outline;
import dev.paperorchestra.outline.schema.OutlineSchema;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plan imitation end to end without a broker: exemplars/ in the materials, uploaded, read by the materials
 * validator, followed by the offline outliner and given to the model outliner, and recorded in outline.json.
 */
class ExemplarOutlineTest {

    private static final OutlineValidator VALIDATOR = new OutlineValidator();
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");

    @TempDir
    Path tmp;
    private BlobStore blobs;

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(tmp.resolve("blobs"));
    }

    /** The CVPR example with a results-first exemplar under exemplars/ (and files that must be left out). */
    private PaperContext uploadWithExemplars(LlmMode mode) throws IOException {
        Path materials = tmp.resolve("materials");
        try (Stream<Path> files = Files.walk(Examples.CVPR)) {
            for (Path file : files.toList()) {
                Path target = materials.resolve(Examples.CVPR.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        Path exemplars = Files.createDirectories(materials.resolve("exemplars"));
        Files.writeString(exemplars.resolve("journal.tex"), ExemplarPlanTest.resultsFirst("m".repeat(400)));
        Files.writeString(exemplars.resolve("run.sh"), "#!/bin/sh\nrm -rf /\n");
        Files.write(exemplars.resolve("huge.tex"), new byte[ExemplarReader.MAX_TEX_BYTES + 1]);
        Files.createSymbolicLink(exemplars.resolve("linked.tex"), Path.of("/etc/hostname"));
        JobOptions options = JobOptions.newBuilder(Examples.offline()).setLlmMode(mode).build();
        return MaterialsDirectory.upload(materials, "paper-1", options, blobs, NOW);
    }

    private ParsedMaterials parsed(PaperContext context) {
        return new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(context.getMaterials());
    }

    @Test
    void only_acceptable_exemplars_are_uploaded_with_the_materials() throws IOException {
        PaperContext context = uploadWithExemplars(LlmMode.OFFLINE);

        assertThat(context.getMaterials().getExemplars()).extracting(artifact -> artifact.getName())
                .containsExactly("journal.tex");
    }

    @Test
    void the_offline_outline_follows_the_exemplars_order_and_records_what_they_shaped() throws IOException {
        ParsedMaterials materials = parsed(uploadWithExemplars(LlmMode.OFFLINE));

        Outline outline = new OfflineOutliner(6, "4:3").outline(materials, Examples.offline());

        assertThat(outline.sectionPlan()).extracting(Outline.SectionPlan::sectionTitle)
                .containsExactly("Abstract", "Experiments", "Method", "Conclusion");
        assertThat(outline.exemplarPlan().shaped()).extracting(shaped -> shaped.sectionTitle() + " <- "
                + shaped.role() + " " + shaped.exemplars()).containsExactly(
                        "Experiments <- experiments [exemplars/journal.tex]",
                        "Method <- method [exemplars/journal.tex]");
        assertThat(outline.sectionPlan().get(1).subsections().getFirst().contentBullets())
                .last().asString().contains("about 40% of the paper's section text")
                .contains("exemplars/journal.tex");
        String json = Json.mapper().writeValueAsString(outline);
        assertThat(VALIDATOR.validate(json)).isEmpty();
        assertThat(Json.mapper().readTree(json).at("/exemplar_plan/exemplars/0/format").asString())
                .isEqualTo("latex");
    }

    @Test
    void without_exemplars_the_outline_is_as_before_with_no_exemplar_plan() {
        ParsedMaterials materials = parsed(Examples.upload(Examples.CVPR, "paper-1", blobs));

        Outline outline = new OfflineOutliner(6, "4:3").outline(materials, Examples.offline());

        assertThat(outline.sectionPlan()).extracting(Outline.SectionPlan::sectionTitle)
                .containsExactly("Abstract", "Method", "Experiments", "Conclusion");
        assertThat(Json.mapper().readTree(Json.mapper().writeValueAsString(outline)).has("exemplar_plan")).isFalse();
    }

    @Test
    void the_schema_checks_the_exemplar_plan_and_the_model_answers_without_it() throws IOException {
        ParsedMaterials materials = parsed(uploadWithExemplars(LlmMode.OFFLINE));
        ObjectNode outline = (ObjectNode) Json.mapper().valueToTree(new OfflineOutliner(6, "4:3")
                .outline(materials, Examples.offline()));
        ((ObjectNode) outline.at("/exemplar_plan/exemplars/0")).put("file", "../../etc/passwd");

        assertThat(VALIDATOR.validate(outline)).anySatisfy(violation -> assertThat(violation).contains("file"));
        assertThat(OutlineSchema.forModel()).doesNotContain("exemplar_plan").contains("section_plan");
        assertThat(OutlineSchema.text()).contains("exemplar_plan");
    }

    @Test
    void the_model_is_given_the_plan_and_the_service_records_what_it_shaped() throws IOException {
        PaperContext context = uploadWithExemplars(LlmMode.MODEL);
        String answer = Json.mapper().writeValueAsString(new Outline(List.of(), new OfflineOutliner(6, "4:3")
                .outline(parsed(context), Examples.offline()).introRelatedWorkPlan(), List.of(
                        new Outline.SectionPlan("Abstract", List.of()),
                        new Outline.SectionPlan("Results", List.of()),
                        new Outline.SectionPlan("Our Approach", List.of()),
                        new Outline.SectionPlan("Conclusion", List.of()))));
        List<LlmRequest> requests = new ArrayList<>();
        LlmGateway gateway = request -> {
            requests.add(request);
            return new LlmResponse(answer, "scripted", "planner", 10, 10, false);
        };
        OutlineService service = new OutlineService(new MaterialsValidator(blobs, MaterialsLimits.defaults()),
                new OfflineOutliner(6, "4:3"), new ModelOutliner(gateway, VALIDATOR, 0, "outline-agent"), VALIDATOR,
                blobs, new AgentIdentity("outline-agent", "outline"), Clock.fixed(NOW, ZoneOffset.UTC));

        JsonNode outline = Json.mapper().readTree(blobs.getText(service.outline(context).context().getOutline()));

        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.user()).contains("=== section plan of exemplar papers of the field ===")
                    .contains("- Results (experiments): about 40% of the text, in exemplars/journal.tex")
                    .doesNotContain("mmmm");
            assertThat(request.schema()).hasValueSatisfying(schema -> assertThat(schema)
                    .doesNotContain("exemplar_plan"));
        });
        assertThat(outline.at("/exemplar_plan/shaped")).extracting(shaped -> shaped.get("section_title").asString())
                .containsExactly("Results", "Our Approach");
        assertThat(VALIDATOR.validate(outline)).isEmpty();
        assertThat(new String(blobs.get(context.getMaterials().getExemplars().getFirst().getArtifact()),
                StandardCharsets.UTF_8)).contains("\\section{Results}");
    }

    @Test
    void an_exemplar_plan_the_model_makes_up_is_not_kept() throws IOException {
        ParsedMaterials withExemplars = parsed(uploadWithExemplars(LlmMode.OFFLINE));
        String invented = Json.mapper().writeValueAsString(new OfflineOutliner(6, "4:3").outline(withExemplars,
                Examples.offline()));
        PaperContext plain = Examples.upload(Examples.CVPR, "paper-2", blobs);
        PaperContext model = PaperContext.newBuilder(plain).setOptions(JobOptions.newBuilder(plain.getOptions())
                .setLlmMode(LlmMode.MODEL).build()).build();
        LlmGateway gateway = request -> new LlmResponse(invented, "scripted", "planner", 10, 10, false);
        OutlineService service = new OutlineService(new MaterialsValidator(blobs, MaterialsLimits.defaults()),
                new OfflineOutliner(6, "4:3"), new ModelOutliner(gateway, VALIDATOR, 0, "outline-agent"), VALIDATOR,
                blobs, new AgentIdentity("outline-agent", "outline"), Clock.fixed(NOW, ZoneOffset.UTC));

        JsonNode outline = Json.mapper().readTree(blobs.getText(service.outline(model).context().getOutline()));

        assertThat(outline.has("exemplar_plan")).isFalse();
    }
}
