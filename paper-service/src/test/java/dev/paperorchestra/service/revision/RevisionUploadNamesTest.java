package dev.paperorchestra.service.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names a revision upload brings become file names the refine agent writes: only plain relative names pass,
 * hostile ones refuse the upload with a 400 (IllegalArgumentException) naming them.
 */
class RevisionUploadNamesTest {

    @TempDir
    Path root;

    @Test
    void a_paper_source_keeps_its_files_and_drops_what_archivers_add() throws IOException {
        Files.writeString(root.resolve("main.tex"), "\\documentclass{article}");
        Files.createDirectories(root.resolve("figures"));
        Files.write(root.resolve("figures/plot.pdf"), new byte[] {1});
        Files.createDirectories(root.resolve("__MACOSX"));
        Files.writeString(root.resolve("__MACOSX/._main.tex"), "fork");
        Files.writeString(root.resolve(".DS_Store"), "x");

        assertThat(RevisionIntake.paperFiles(root)).extracting(path -> root.relativize(path).toString())
                .containsExactly("figures/plot.pdf", "main.tex");
    }

    @Test
    void a_symbolic_link_or_a_name_with_spaces_or_quotes_refuses_the_paper() throws IOException {
        Files.writeString(root.resolve("main.tex"), "\\documentclass{article}");
        Files.createSymbolicLink(root.resolve("secrets.tex"), Path.of("/etc/passwd"));
        assertThatThrownBy(() -> RevisionIntake.paperFiles(root)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("secrets.tex").hasMessageContaining("not a regular file");

        Files.delete(root.resolve("secrets.tex"));
        Files.writeString(root.resolve("my \"paper\".sty"), "");
        assertThatThrownBy(() -> RevisionIntake.paperFiles(root)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a plain file name");
    }

    @Test
    void review_names_lose_their_directories_and_must_be_plain_and_distinct() {
        Path any = root.resolve("any");
        assertThat(RevisionIntake.reviewNames(List.of(new RevisionUpload.Review("C:\\reviews\\r1.md", any),
                new RevisionUpload.Review("../../r2.json", any)))).containsExactly("r1.md", "r2.json");
        assertThatThrownBy(() -> RevisionIntake.reviewNames(List.of(new RevisionUpload.Review("..", any))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RevisionIntake.reviewNames(List.of(new RevisionUpload.Review(".bashrc", any))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a plain file name");
        assertThatThrownBy(() -> RevisionIntake.reviewNames(List.of(new RevisionUpload.Review("r\n1.md", any))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RevisionIntake.reviewNames(List.of(new RevisionUpload.Review("a/r.md", any),
                new RevisionUpload.Review("b/r.md", any)))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two files are named r.md");
    }
}
