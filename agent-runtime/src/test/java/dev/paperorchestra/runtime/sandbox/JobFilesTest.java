package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host's side of a job directory: links the tool made are refused, removed as links, never followed. */
class JobFilesTest {

    @TempDir
    Path root;
    private Path job;
    private Path host;

    @BeforeEach
    void layOut() throws IOException {
        job = Files.createDirectories(root.resolve("job"));
        host = Files.writeString(root.resolve("host-secret.txt"), "HOST-SECRET");
        Files.writeString(job.resolve("paper.log"), "This is pdfTeX");
    }

    @Test
    void an_output_that_is_a_symbolic_link_is_refused_and_not_read() throws IOException {
        Files.createSymbolicLink(job.resolve("paper.pdf"), host);

        assertThat(JobFiles.read(job.resolve("paper.pdf"), 1024))
                .isInstanceOfSatisfying(JobFiles.Output.Refused.class,
                        refused -> assertThat(refused.why()).contains("paper.pdf", "symbolic link"));
    }

    @Test
    void an_output_with_another_hard_link_is_refused() throws IOException {
        Files.createLink(job.resolve("paper.pdf"), host);

        assertThat(JobFiles.read(job.resolve("paper.pdf"), 1024)).isInstanceOf(JobFiles.Output.Refused.class);
    }

    @Test
    void a_regular_output_is_read_up_to_its_bound() {
        assertThat(JobFiles.read(job.resolve("paper.log"), 7)).isInstanceOfSatisfying(JobFiles.Output.Read.class,
                read -> {
                    assertThat(new String(read.bytes())).isEqualTo("This is");
                    assertThat(read.truncated()).isTrue();
                });
        assertThat(JobFiles.read(job.resolve("missing.pdf"), 7)).isInstanceOf(JobFiles.Output.Absent.class);
    }

    @Test
    void a_directory_kept_for_inspection_loses_its_links_and_the_host_files_stay() throws IOException {
        Files.createSymbolicLink(job.resolve("paper.pdf"), host);
        Files.createDirectories(job.resolve("figures"));
        Files.createSymbolicLink(job.resolve("figures").resolve("etc"), Path.of("/etc"));
        Files.createLink(job.resolve("copy.txt"), host);

        assertThat(JobFiles.removeLinks(job)).containsExactlyInAnyOrder("paper.pdf", "figures/etc", "copy.txt");

        assertThat(job.resolve("paper.log")).hasContent("This is pdfTeX");
        assertThat(host).hasContent("HOST-SECRET");
        try (var left = Files.walk(job)) {
            assertThat(left.filter(Files::isSymbolicLink).toList()).isEmpty();
        }
    }

    @Test
    void deleting_a_job_directory_never_enters_a_linked_directory() throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Path kept = Files.writeString(outside.resolve("kept.txt"), "kept");
        Files.createSymbolicLink(job.resolve("escape"), outside);

        assertThat(JobFiles.deleteTree(job)).isTrue();

        assertThat(job).doesNotExist();
        assertThat(kept).hasContent("kept");
    }
}
