package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The disk cap acts on the job directory's own files only: a link the tool made never reaches a host file. */
class JobDirectoryCapTest {

    @TempDir
    Path root;

    private Path hostFile(String name, int bytes) throws IOException {
        Path file = Files.createDirectories(root.resolve("host")).resolve(name);
        byte[] content = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            content[i] = (byte) ('a' + i % 26);
        }
        return Files.write(file, content);
    }

    @Test
    void a_symbolic_link_to_a_big_host_file_is_neither_measured_nor_cut() throws Exception {
        Path big = hostFile("big.dat", 2 * 1024 * 1024);
        String before = sha256(big);
        Path job = Files.createDirectories(root.resolve("job"));
        Files.createSymbolicLink(job.resolve("innocent.log"), big);
        Files.write(job.resolve("flood.txt"), new byte[300 * 1024]);
        JobDirectoryCap cap = new JobDirectoryCap(100 * 1024);

        assertThat(JobDirectoryCap.used(job)).isEqualTo(300 * 1024);
        cap.trim(job);

        assertThat(sha256(big)).isEqualTo(before);
        assertThat(Files.size(big)).isEqualTo(2 * 1024 * 1024);
        assertThat(Files.size(job.resolve("flood.txt"))).isEqualTo(JobDirectoryCap.KEPT_HEAD);
    }

    @Test
    void a_hard_linked_file_is_unlinked_from_the_job_not_cut() throws Exception {
        Path big = hostFile("linked.dat", 1024 * 1024);
        String before = sha256(big);
        Path job = Files.createDirectories(root.resolve("job"));
        Files.createLink(job.resolve("paper.pdf"), big);
        JobDirectoryCap cap = new JobDirectoryCap(100 * 1024);

        cap.trim(job);

        assertThat(sha256(big)).isEqualTo(before);
        assertThat(job.resolve("paper.pdf")).doesNotExist();
    }

    @Test
    void deleting_a_job_directory_removes_links_and_leaves_their_targets() throws Exception {
        Path target = hostFile("kept.txt", 10);
        Path hostDirectory = Files.createDirectories(root.resolve("hostdir"));
        Files.writeString(hostDirectory.resolve("inside.txt"), "keep me");
        Path job = Files.createDirectories(root.resolve("job"));
        Files.createSymbolicLink(job.resolve("file-link"), target);
        Files.createSymbolicLink(job.resolve("dir-link"), hostDirectory);

        assertThat(JobFiles.deleteTree(job)).isTrue();

        assertThat(job).doesNotExist();
        assertThat(target).exists();
        assertThat(hostDirectory.resolve("inside.txt")).hasContent("keep me");
    }

    @Test
    void an_output_that_is_a_link_is_refused_not_read() throws Exception {
        Path secret = hostFile("secret.txt", 100);
        Path job = Files.createDirectories(root.resolve("job"));
        Files.createSymbolicLink(job.resolve("paper.pdf"), secret);
        Files.createLink(job.resolve("paper.log"), secret);
        Files.createDirectory(job.resolve("latexmk.out"));
        Files.writeString(job.resolve("fine.txt"), "ok");

        assertThat(JobFiles.read(job.resolve("paper.pdf"), 1000)).isInstanceOfSatisfying(
                JobFiles.Output.Refused.class, refused -> assertThat(refused.why()).contains("symbolic link"));
        assertThat(JobFiles.read(job.resolve("paper.log"), 1000)).isInstanceOfSatisfying(
                JobFiles.Output.Refused.class, refused -> assertThat(refused.why()).contains("hard links"));
        assertThat(JobFiles.read(job.resolve("latexmk.out"), 1000)).isInstanceOf(JobFiles.Output.Refused.class);
        assertThat(JobFiles.read(job.resolve("missing"), 1000)).isInstanceOf(JobFiles.Output.Absent.class);
        assertThat(JobFiles.read(job.resolve("fine.txt"), 1)).isInstanceOfSatisfying(JobFiles.Output.Read.class,
                read -> {
                    assertThat(read.bytes()).containsExactly('o');
                    assertThat(read.truncated()).isTrue();
                });
        assertThat(Files.isSymbolicLink(job.resolve("paper.pdf"))).isTrue();
        assertThat(Files.exists(secret, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
