package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.figures.HostileFigures;
import dev.paperorchestra.schemas.NamedArtifact;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code figures/captions.json}: the author's captions reach the job; anything else about the file is refused by name. */
class FigureCaptionsTest {

    private static final JobRequest OFFLINE = new JobRequest(null, null, null, null, true);

    @TempDir
    Path dir;

    @BeforeEach
    void writeMaterials() throws Exception {
        Files.writeString(dir.resolve("idea.md"), "# Idea\n\nSparse depth.\n");
        Files.writeString(dir.resolve("experimental_log.md"),
                "# Log\n\n### Main results\n\n| Method | RMSE |\n|---|---|\n| A | 1.0 |\n| B | 0.8 |\n");
        Files.writeString(dir.resolve("template.tex"),
                "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\n\\end{document}\n");
        Files.writeString(dir.resolve("conference_guidelines.md"), "# Rules\n\nPage limit: 8 pages\n");
        Files.createDirectories(dir.resolve("figures"));
        Files.write(dir.resolve("figures/fig1.png"), HostileFigures.png(40, 30));
        Files.write(dir.resolve("figures/fig2.png"), HostileFigures.png(40, 30));
    }

    private IntakeResult<CheckedMaterials> check() {
        return MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());
    }

    private List<String> problems() {
        return ((IntakeResult.Rejected<CheckedMaterials>) check()).problems().stream().map(MaterialsProblem::message)
                .toList();
    }

    @Test
    void each_caption_travels_with_its_figure_and_a_figure_without_one_has_none() throws Exception {
        Files.writeString(dir.resolve("figures/captions.json"),
                "{\"fig1.png\": \"Recall per site:\\n  $\\\\alpha$ & 50% of {calls}.\"}");

        var accepted = (IntakeResult.Accepted<CheckedMaterials>) check();
        var context = MaterialsDirectory.upload(accepted.value(), "p-1", new LocalBlobStore(dir.resolve("../blobs")),
                Instant.EPOCH);

        assertThat(accepted.notes()).noneMatch(note -> note.contains("captions.json"));
        assertThat(context.getMaterials().getFigures()).extracting(NamedArtifact::getName, NamedArtifact::getCaption)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("fig1.png", "Recall per site: $\\alpha$ & 50% of {calls}."),
                        org.assertj.core.groups.Tuple.tuple("fig2.png", null));
    }

    @Test
    void a_changed_caption_is_another_paper() throws Exception {
        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": \"One.\"}");
        String before = MaterialsDirectory.digest(dir, dev.paperorchestra.schemas.JobOptions.newBuilder().build());
        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": \"Two.\"}");

        assertThat(MaterialsDirectory.digest(dir, dev.paperorchestra.schemas.JobOptions.newBuilder().build()))
                .isNotEqualTo(before);
    }

    @Test
    void a_caption_for_no_figure_a_non_string_an_empty_or_control_character_caption_are_refused_by_name() throws Exception {
        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig3.png\": \"Missing.\", \"fig1.png\": 7, "
                + "\"fig2.png\": \"  \\n \"}");
        assertThat(problems()).containsExactly(
                "figures/captions.json: 'fig3.png' names no figure in figures/ (it holds fig1.png, fig2.png)",
                "figures/captions.json: the caption of fig1.png must be a string, not 7",
                "figures/captions.json: the caption of fig2.png is empty");

        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": \"bell\\u0007 and \\u001b[31m\"}");
        assertThat(problems()).containsExactly("figures/captions.json: the caption of fig1.png holds a control character");
    }

    @Test
    void a_caption_too_long_a_file_too_large_not_json_or_not_an_object_is_refused() throws Exception {
        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": \"" + "word ".repeat(300) + "\"}");
        assertThat(problems()).singleElement().asString().contains("the caption of fig1.png is 1499 characters; at most 1000");

        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": \"" + "x".repeat(300_000) + "\"}");
        assertThat(problems()).singleElement().asString().startsWith("figures/captions.json: is 300")
                .contains("at most 262144 are accepted");

        Files.writeString(dir.resolve("figures/captions.json"), "{\"fig1.png\": ");
        assertThat(problems()).singleElement().asString().startsWith("figures/captions.json: is not valid JSON");

        Files.writeString(dir.resolve("figures/captions.json"), "[\"fig1.png\"]");
        assertThat(problems()).singleElement().asString().contains("must be a JSON object of captions by figure file name");
    }

    @Test
    void a_captions_file_that_is_a_link_is_refused_even_to_a_file_inside() throws Exception {
        Files.writeString(dir.resolve("captions-real.json"), "{\"fig1.png\": \"One.\"}");
        Files.createSymbolicLink(dir.resolve("figures/captions.json"), dir.resolve("captions-real.json"));

        assertThat(problems()).singleElement().asString().startsWith("figures/captions.json: is a symbolic link");
    }
}
