package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * guidelines.md, the reference method's name inside a venue template directory, is taken wherever
 * conference_guidelines.md is: in the materials, beside a --template-dir kit's template.tex, in the materials'
 * template/ directory (how po submit --template-dir sends a kit); by the intake, the unchecked upload and the digest.
 */
class GuidelinesFileTest {

    private static final String TEMPLATE = "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\n"
            + "\\section{Method}\n\\end{document}\n";
    private static final String PROSE = "Papers, excluding the references section, must be no longer than six pages.\n";
    private static final JobRequest OFFLINE = new JobRequest(null, null, null, null, true);

    @TempDir
    Path dir;

    private Path materials(boolean withTemplate) throws IOException {
        Path materials = Files.createDirectories(dir.resolve("materials"));
        Files.writeString(materials.resolve("idea.md"), "# Idea\n\nA method.\n");
        Files.writeString(materials.resolve("experimental_log.md"),
                "# Log\n\n### Main results\n\n| Method | RMSE |\n|---|---|\n| A | 1.0 |\n| B | 0.8 |\n");
        if (withTemplate) {
            Files.writeString(materials.resolve("template.tex"), TEMPLATE);
        }
        return materials;
    }

    private Path kit(Path root) throws IOException {
        Files.createDirectories(root);
        Files.writeString(root.resolve("template.tex"), TEMPLATE);
        Files.writeString(root.resolve("guidelines.md"), PROSE);
        return root;
    }

    @Test
    void guidelines_md_in_the_materials_is_read_and_the_run_says_so() throws IOException {
        Path materials = materials(true);
        Files.writeString(materials.resolve("guidelines.md"), PROSE);

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            assertThat(((CheckedMaterials) accepted.value()).content().guidelines().pages()).isEqualTo(6);
            assertThat(accepted.notes()).contains("guidelines.md: read as the guidelines (there is no conference_guidelines.md in the materials)");
        });
    }

    @Test
    void a_template_dir_kit_brings_its_guidelines_md_when_the_materials_have_none() throws IOException {
        Path materials = materials(false);
        Path kit = kit(dir.resolve("kit"));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, kit, OFFLINE,
                MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            assertThat(((CheckedMaterials) accepted.value()).content().guidelines().pages()).isEqualTo(6);
            assertThat(accepted.notes()).anySatisfy(note -> assertThat((String) note)
                    .isEqualTo(kit.toAbsolutePath().normalize() + "/guidelines.md: read as the guidelines (there is no conference_guidelines.md in the materials)"));
        });
        // the unchecked upload (po bench's embedded backend) carries the same file
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("blobs"));
        PaperContext context = MaterialsDirectory.upload(materials, kit, "p", JobOptions.newBuilder().build(), blobs,
                Instant.EPOCH);
        assertThat(blobs.getText(context.getMaterials().getGuidelines())).isEqualTo(PROSE);
    }

    // issue 43: with --template-dir, notes named a conference_guidelines.md in the materials that did not exist
    @Test
    void every_note_names_a_file_that_exists_when_the_kit_comes_from_a_template_dir() throws IOException {
        Path materials = materials(false);
        Path kit = kit(dir.resolve("kit"));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, kit, OFFLINE,
                MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            assertThat(accepted.notes()).isNotEmpty().allSatisfy(note -> {
                String file = ((String) note).substring(0, ((String) note).indexOf(": "));
                assertThat(materials.resolve(file)).as(note.toString()).isRegularFile();
            });
            assertThat(accepted.notes()).anySatisfy(note -> assertThat((String) note)
                    .startsWith(kit.toAbsolutePath().normalize() + "/guidelines.md: page limit"));
        });
    }

    @Test
    void a_kit_sent_as_the_materials_template_directory_brings_its_guidelines_md() throws IOException {
        Path materials = materials(false);
        kit(materials.resolve(TemplateKit.SUBDIRECTORY));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            assertThat(((CheckedMaterials) accepted.value()).content().guidelines().pages()).isEqualTo(6);
            assertThat(accepted.notes()).contains(
                    "template/guidelines.md: read as the guidelines (there is no conference_guidelines.md in the materials)");
        });
    }

    @Test
    void the_materials_own_guidelines_win_and_every_file_not_read_is_named() throws IOException {
        Path materials = materials(false);
        Files.writeString(materials.resolve("conference_guidelines.md"), "Page limit: 8\n");
        Files.writeString(materials.resolve("guidelines.md"), PROSE);
        Path kit = kit(dir.resolve("kit"));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, kit, OFFLINE,
                MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> {
            assertThat(((CheckedMaterials) accepted.value()).content().guidelines().pages()).isEqualTo(8);
            assertThat(accepted.notes()).contains("guidelines.md: not read; the guidelines are conference_guidelines.md")
                    .anySatisfy(note -> assertThat((String) note).endsWith(
                            "kit/guidelines.md: not read; the guidelines are conference_guidelines.md"));
        });
    }

    @Test
    void without_either_name_the_refusal_says_both_are_accepted() throws IOException {
        Path materials = materials(true);

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).message()).contains(
                        "conference_guidelines.md: required file is missing (guidelines.md is accepted too, in the "
                                + "materials or beside the kit's template.tex)"));
    }

    @Test
    void a_link_named_guidelines_md_is_refused_as_any_link_is() throws IOException {
        Path materials = materials(true);
        Files.createSymbolicLink(materials.resolve("guidelines.md"), Path.of("/etc/passwd"));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(materials, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).extracting(problem -> ((MaterialsProblem) problem).file()).contains(
                        "guidelines.md"));
    }

    @Test
    void the_same_guidelines_under_either_name_are_the_same_paper() throws IOException {
        Path materials = materials(true);
        Files.writeString(materials.resolve("conference_guidelines.md"), PROSE);
        JobOptions options = JobOptions.newBuilder().build();
        String named = MaterialsDirectory.digest(materials, options);
        Files.move(materials.resolve("conference_guidelines.md"), materials.resolve("guidelines.md"));

        assertThat(MaterialsDirectory.digest(materials, options)).isEqualTo(named);
        Files.writeString(materials.resolve("guidelines.md"), "Page limit: 9\n");
        assertThat(MaterialsDirectory.digest(materials, options)).isNotEqualTo(named);
        assertThat(GuidelinesFile.NAMES).containsExactly("conference_guidelines.md", "guidelines.md");
        assertThat(List.of(GuidelinesFile.REFERENCE_NAME)).containsExactly("guidelines.md");
    }
}
