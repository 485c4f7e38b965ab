package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.figures.HostileFigures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The intake half of the hostile-figure suite: a file whose bytes are not what its name says is refused by
 * name before upload, and formats we never parse (SVG, where an external entity could read a host file) are
 * ignored with a note, never opened. What passes here is inspected in full by the plotting agent.
 */
class MaterialsFiguresHostileTest {

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
    }

    @Test
    void a_gif_or_bmp_named_png_and_a_png_named_pdf_are_refused_by_name() throws Exception {
        Files.write(dir.resolve("figures/a.png"), HostileFigures.gif());
        Files.write(dir.resolve("figures/b.png"), HostileFigures.bmp());
        Files.write(dir.resolve("figures/c.pdf"), HostileFigures.png(10, 10));

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Rejected.class,
                rejected -> assertThat(rejected.problems()).extracting(p -> ((MaterialsProblem) p).message())
                        .containsExactly("figures/a.png: is not a PNG file although its name says so",
                                "figures/b.png: is not a PNG file although its name says so",
                                "figures/c.pdf: is not a PDF file although its name says so"));
    }

    @Test
    void an_svg_with_an_external_entity_is_ignored_unread() throws Exception {
        Files.writeString(dir.resolve("figures/x.svg"), "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY e SYSTEM "
                + "\"file:///etc/passwd\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&e;</svg>",
                StandardCharsets.UTF_8);

        IntakeResult<CheckedMaterials> result = MaterialsIntake.check(dir, OFFLINE, MaterialsLimits.defaults());

        assertThat(result).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> assertThat(
                accepted.notes()).contains("figures/x.svg: not a PNG, JPEG or PDF figure, ignored")
                        .allMatch(note -> note.toString().startsWith("figures/x.svg: ")
                                || note.toString().startsWith("conference_guidelines.md: ")));
    }
}
