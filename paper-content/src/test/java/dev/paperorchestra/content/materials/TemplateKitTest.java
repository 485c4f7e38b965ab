package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a template's author kit is found (beside template.tex, a template/ directory, --template-dir), what is
 * refused (links, a second template, too many or too large files), and that its files travel with the job (the
 * upload) and key it (the digest).
 */
class TemplateKitTest {

    private static final String TEMPLATE = "\\documentclass{article}\n\\usepackage{venue}\n\\input{defs}\n"
            + "\\begin{document}\n\\section{Introduction}\n\\section{Method}\n\\end{document}\n";
    private static final JobRequest OFFLINE = new JobRequest(null, null, null, null, true);

    @TempDir
    Path dir;

    private Path materials(boolean withTemplate) throws IOException {
        Path materials = Files.createDirectories(dir.resolve("materials"));
        Files.writeString(materials.resolve("idea.md"), "# Idea\n\nA method.\n");
        Files.writeString(materials.resolve("experimental_log.md"),
                "# Log\n\n### Main results\n\n| Method | RMSE |\n|---|---|\n| A | 1.0 |\n| B | 0.8 |\n");
        Files.writeString(materials.resolve("conference_guidelines.md"), "Page limit: 8\n");
        if (withTemplate) {
            Files.writeString(materials.resolve("template.tex"), TEMPLATE);
        }
        return materials;
    }

    private static Path kit(Path root) throws IOException {
        Files.createDirectories(root.resolve("logos"));
        Files.writeString(root.resolve("template.tex"), TEMPLATE);
        Files.writeString(root.resolve("venue.sty"), "\\ProvidesPackage{venue}\n");
        Files.writeString(root.resolve("venue.bst"), "ENTRY {} {} {}\n");
        Files.writeString(root.resolve("defs.tex"), "\\newcommand{\\eg}{e.g.}\n");
        Files.writeString(root.resolve("sample.bib"), "@misc{x, title={Sample}}\n");
        Files.writeString(root.resolve("README.md"), "How to use the kit\n");
        Files.write(root.resolve("logos").resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        return root;
    }

    private static CheckedMaterials accepted(IntakeResult<CheckedMaterials> result) {
        assertThat(result).isInstanceOf(IntakeResult.Accepted.class);
        return ((IntakeResult.Accepted<CheckedMaterials>) result).value();
    }

    @Test
    void a_template_dir_brings_template_tex_and_its_kit_files_with_sub_directories() throws IOException {
        Path kit = kit(dir.resolve("kit"));
        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials(false), kit, OFFLINE,
                MaterialsLimits.defaults());

        CheckedMaterials checked = accepted(result);
        assertThat(checked.kit().files()).containsExactly("defs.tex", "logos/logo.png", "venue.bst", "venue.sty");
        assertThat(checked.content().template().source()).isEqualTo(TEMPLATE);
        assertThat(((IntakeResult.Accepted<CheckedMaterials>) result).notes())
                .anyMatch(note -> note.contains("sample.bib") && note.contains("references.bib"));
    }

    @Test
    void a_kit_in_the_materials_is_found_as_it_is_beside_template_tex_or_in_template() throws IOException {
        Path beside = materials(true);
        Files.writeString(beside.resolve("venue.sty"), "\\ProvidesPackage{venue}\n");
        Files.writeString(beside.resolve("defs.tex"), "\\newcommand{\\eg}{e.g.}\n");
        assertThat(accepted(MaterialsIntake.check(beside, OFFLINE, MaterialsLimits.defaults())).kit().files())
                .containsExactly("defs.tex", "venue.sty");

        Path other = dir.resolve("other");
        Files.createDirectories(other);
        for (String name : List.of("idea.md", "experimental_log.md", "conference_guidelines.md")) {
            Files.copy(beside.resolve(name), other.resolve(name));
        }
        kit(other.resolve(TemplateKit.SUBDIRECTORY));
        CheckedMaterials checked = accepted(MaterialsIntake.check(other, OFFLINE, MaterialsLimits.defaults()));
        assertThat(checked.kit().files()).contains("venue.sty", "logos/logo.png");
        assertThat(checked.kit().root()).isEqualTo(other.resolve(TemplateKit.SUBDIRECTORY));
    }

    @Test
    void links_a_second_template_and_kits_over_their_limits_are_refused() throws IOException {
        Path materials = materials(false);
        Path kit = kit(dir.resolve("kit"));
        Files.createSymbolicLink(kit.resolve("evil.sty"), Path.of("/etc/passwd"));
        assertThat(problems(MaterialsIntake.check(materials, kit, OFFLINE, MaterialsLimits.defaults())))
                .anyMatch(problem -> problem.file().endsWith("evil.sty")
                        && problem.problem().equals(MaterialsFileRule.LINK));
        Files.delete(kit.resolve("evil.sty"));

        Path both = materials(true);
        kit(both.resolve(TemplateKit.SUBDIRECTORY));
        assertThat(MaterialsIntake.check(both, OFFLINE, MaterialsLimits.defaults()))
                .isInstanceOf(IntakeResult.Rejected.class);
        Files.delete(both.resolve("template.tex"));

        MaterialsLimits small = limits("po.materials.max-template-files", "2");
        assertThat(problems(MaterialsIntake.check(materials, kit, OFFLINE, small)))
                .anyMatch(problem -> problem.problem().contains("po.materials.max-template-files"));
        MaterialsLimits tiny = limits("po.materials.max-template-file-size", "10B");
        assertThat(problems(MaterialsIntake.check(materials, kit, OFFLINE, tiny)))
                .anyMatch(problem -> problem.problem().contains("po.materials.max-template-file-size"));
    }

    @Test
    void every_kit_file_is_uploaded_and_a_changed_kit_file_changes_the_digest() throws IOException {
        Path materials = materials(false);
        Path kit = kit(dir.resolve("kit"));
        CheckedMaterials checked = accepted(MaterialsIntake.check(materials, kit, OFFLINE, MaterialsLimits.defaults()));
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("blobs"));

        PaperContext context = MaterialsDirectory.upload(checked, "p", blobs, Instant.EPOCH);

        assertThat(context.getMaterials().getTemplateFiles()).extracting(NamedArtifact::getName)
                .containsExactly("defs.tex", "logos/logo.png", "venue.bst", "venue.sty");
        assertThat(TemplateKit.of(context.getMaterials(), blobs).get("venue.sty"))
                .isEqualTo(Files.readAllBytes(kit.resolve("venue.sty")));
        assertThat(MaterialsDirectory.upload(materials, kit, "q", checked.options(), blobs, Instant.EPOCH)
                .getMaterials().getTemplateFiles()).hasSize(4);
        String before = context.getMaterialsDigest();
        Files.writeString(kit.resolve("venue.sty"), "\\ProvidesPackage{venue}[changed]\n");
        assertThat(MaterialsDirectory.digest(materials, checked.kit(), checked.options())).isNotEqualTo(before);
    }

    @Test
    void a_job_from_another_submitter_with_a_kit_path_leaving_the_job_or_too_many_files_is_refused()
            throws IOException {
        Path materials = materials(false);
        CheckedMaterials checked = accepted(MaterialsIntake.check(materials, kit(dir.resolve("kit")), OFFLINE,
                MaterialsLimits.defaults()));
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("blobs"));
        PaperContext context = MaterialsDirectory.upload(checked, "p", blobs, Instant.EPOCH);
        assertThat(MaterialsContent.check(context.getMaterials(), blobs, MaterialsLimits.defaults()))
                .isInstanceOf(IntakeResult.Accepted.class);

        NamedArtifact first = context.getMaterials().getTemplateFiles().getFirst();
        context.getMaterials().setTemplateFiles(List.of(NamedArtifact.newBuilder(first).setName("../evil.sty").build()));
        assertThat(MaterialsContent.check(context.getMaterials(), blobs, MaterialsLimits.defaults()))
                .isInstanceOf(IntakeResult.Rejected.class);
        context.getMaterials().setTemplateFiles(List.of(first, first, first));
        assertThat(MaterialsContent.check(context.getMaterials(), blobs,
                limits("po.materials.max-template-files", "2"))).isInstanceOf(IntakeResult.Rejected.class);
    }

    @Test
    void a_lone_template_keeps_the_digest_it_had_before_kits() throws IOException {
        Path materials = materials(true);
        // the template loads the kit's venue.sty, which this lone template lacks: the TeX check is not the subject
        JobOptions options = accepted(MaterialsIntake.check(materials, OFFLINE,
                limits("po.materials.check-tex", "false"))).options();
        assertThat(MaterialsDirectory.digest(materials, new TemplateKit(materials, List.of()), options))
                .isEqualTo(MaterialsDirectory.digest(materials, options));
    }

    private static List<MaterialsProblem> problems(IntakeResult<CheckedMaterials> result) {
        assertThat(result).isInstanceOf(IntakeResult.Rejected.class);
        return ((IntakeResult.Rejected<CheckedMaterials>) result).problems();
    }

    private static MaterialsLimits limits(String property, String value) {
        org.springframework.mock.env.MockEnvironment environment = new org.springframework.mock.env.MockEnvironment();
        environment.setProperty(property, value);
        return MaterialsLimits.from(environment);
    }
}
