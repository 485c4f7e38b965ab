package dev.paperorchestra.service.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.content.archive.ArchiveLimits;
import dev.paperorchestra.content.archive.ArchiveTooLargeException;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.schemas.Tenants;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused upload is a 4xx whose message names the entry as the archive names it, never a path of the
 * service's machine (issue 25, finding 5); nothing of it is left in the work directory. Refusals happen before
 * the submitter, the status view or the blob store are reached, so none is given.
 */
class UploadIntakeTest {

    @TempDir
    Path dir;

    private UploadIntake intake(ArchiveLimits limits) {
        return new UploadIntake(new SafeArchive(limits), null, null, dir.resolve("uploads"), Clock.systemUTC(),
                Duration.ZERO, MaterialsLimits.defaults(), null, null);
    }

    private static final UploadRequest REQUEST = new UploadRequest(null, null, null, null, null, true);

    @Test
    void an_entry_below_a_file_is_refused_naming_the_entries_not_the_scratch_directory() throws IOException {
        Path zip = zip("paper/figures", "x", "paper/figures/a.png", "png");

        assertThatThrownBy(() -> intake(new ArchiveLimits(100, 1 << 20)).submit(zip, REQUEST, Tenants.DEFAULT))
                .isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
                    assertThat(e.file()).isEqualTo("paper/figures/a.png");
                    assertWithoutServerPaths(e);
                });
        assertThat(dir.resolve("uploads")).isEmptyDirectory();
    }

    @Test
    void a_missing_file_is_named_relative_to_the_materials() throws IOException {
        Path zip = zip("paper/idea.md", "# Idea");

        assertThatThrownBy(() -> intake(new ArchiveLimits(100, 1 << 20)).submit(zip, REQUEST, Tenants.DEFAULT))
                .isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
                    assertThat(e.file()).isIn("experimental_log.md", "template.tex", "conference_guidelines.md");
                    assertWithoutServerPaths(e);
                });
    }

    @Test
    void a_header_bomb_and_a_too_large_archive_are_refused_without_server_paths() throws IOException {
        Path bomb = dir.resolve("bomb.tar.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb))) {
            // a GNU long name header as GNU tar writes one, written by hand (commons-compress takes minutes on it)
            byte[] name = ("paper/" + "n".repeat(1_500_000) + "\0").getBytes(StandardCharsets.US_ASCII);
            out.write(header("././@LongLink", 'L', name.length));
            out.write(name);
            out.write(new byte[(512 - name.length % 512) % 512 + 1024]);
        }
        Path big = zip("paper/idea.md", "x".repeat(2000));

        assertThatThrownBy(() -> intake(new ArchiveLimits(100, 1 << 20)).submit(bomb, REQUEST, Tenants.DEFAULT))
                .isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
                    assertThat(e.problem()).contains("GNU long name of 1500007 bytes; at most 4096");
                    assertWithoutServerPaths(e);
                });
        assertThatThrownBy(() -> intake(new ArchiveLimits(100, 1000)).submit(big, REQUEST, Tenants.DEFAULT))
                .isInstanceOfSatisfying(ArchiveTooLargeException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("paper/idea.md: is 2000 bytes: more than 1000 bytes for one file");
                    assertWithoutServerPaths(e);
                });
    }

    @Test
    void a_message_carrying_a_scratch_path_is_rewritten_relative_to_the_materials() throws IOException {
        Path job = Files.createDirectories(dir.resolve("uploads/upload-123"));
        Path root = Files.createDirectories(job.resolve("materials/paper"));
        Path archive = dir.resolve("uploads/upload_9.tmp");
        InvalidMaterialsException leaking = new ArchiveTooLargeException(root.resolve("figures/a.png").toString(),
                "cannot be read from " + archive + " under " + job);

        InvalidMaterialsException shown = UploadIntake.withoutServerPaths(leaking, archive, job);

        assertThat(shown).isInstanceOf(ArchiveTooLargeException.class);
        assertThat(shown.getMessage()).isEqualTo("figures/a.png: cannot be read from materials under upload");
    }

    private static byte[] header(String name, char type, long size) {
        byte[] header = new byte[512];
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, header, 0, bytes.length);
        put(header, 100, "0000644\0");
        put(header, 124, String.format("%011o\0", size));
        header[156] = (byte) type;
        put(header, 257, "ustar  \0");
        java.util.Arrays.fill(header, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, String.format("%06o\0 ", sum));
        return header;
    }

    private static void put(byte[] header, int offset, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, header, offset, bytes.length);
    }

    private void assertWithoutServerPaths(InvalidMaterialsException e) {
        assertThat(e.getMessage()).doesNotContain(dir.toString()).doesNotContain("/tmp").doesNotContain("upload-");
    }

    private Path zip(String... namesAndContents) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".zip");
        try (OutputStream raw = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(raw)) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
    }
}
