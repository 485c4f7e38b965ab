package dev.paperorchestra.content.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeArchiveTest {

    @TempDir
    Path dir;

    private final SafeArchive archive = new SafeArchive(new ArchiveLimits(10, 10_000));

    @Test
    void unpacks_a_zip_with_one_top_level_folder_and_finds_the_materials_inside_it() throws IOException {
        Path zip = zip("paper/idea.md", "# Idea", "paper/figures/a.png", "png");
        Path target = Files.createDirectory(dir.resolve("out"));

        archive.unpack(zip, target);

        assertThat(SafeArchive.materialsRoot(target)).isEqualTo(target.resolve("paper"));
        assertThat(target.resolve("paper/idea.md")).hasContent("# Idea");
        assertThat(target.resolve("paper/figures/a.png")).hasContent("png");
    }

    @Test
    void unpacks_a_tar_gz_with_files_at_its_root() throws IOException {
        Path tar = tar(out -> {
            file(out, "./idea.md", "# Idea");
            file(out, "experimental_log.md", "log");
        });
        Path target = Files.createDirectory(dir.resolve("out"));

        archive.unpack(tar, target);

        assertThat(SafeArchive.materialsRoot(target)).isEqualTo(target);
        assertThat(target.resolve("idea.md")).hasContent("# Idea");
    }

    @Test
    void refuses_a_zip_entry_that_climbs_out_of_the_directory_naming_it() throws IOException {
        Path zip = zip("../evil.md", "x");

        assertThatThrownBy(() -> archive.unpack(zip, Files.createDirectory(dir.resolve("out"))))
                .isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
                    assertThat(e.file()).isEqualTo("../evil.md");
                    assertThat(e.problem()).contains("outside");
                });
        assertThat(dir.resolve("evil.md")).doesNotExist();
    }

    @Test
    void refuses_symbolic_and_hard_links_and_devices_in_a_tar() throws IOException {
        Path symlink = tar(out -> {
            TarArchiveEntry link = new TarArchiveEntry("idea.md", TarArchiveEntry.LF_SYMLINK);
            link.setLinkName("/etc/passwd");
            out.putArchiveEntry(link);
            out.closeArchiveEntry();
        });
        Path hardlink = tar(out -> {
            TarArchiveEntry link = new TarArchiveEntry("log.md", TarArchiveEntry.LF_LINK);
            link.setLinkName("idea.md");
            out.putArchiveEntry(link);
            out.closeArchiveEntry();
        });
        Path device = tar(out -> {
            out.putArchiveEntry(new TarArchiveEntry("zero", TarArchiveEntry.LF_CHR));
            out.closeArchiveEntry();
        });

        assertThatThrownBy(() -> archive.unpack(symlink, Files.createDirectory(dir.resolve("a"))))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("idea.md: is a symbolic link");
        assertThatThrownBy(() -> archive.unpack(hardlink, Files.createDirectory(dir.resolve("b"))))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("log.md: is a hard link");
        assertThatThrownBy(() -> archive.unpack(device, Files.createDirectory(dir.resolve("c"))))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("zero: is a device");
    }

    @Test
    void refuses_more_bytes_or_entries_than_the_limits_as_too_large() throws IOException {
        Path big = zip("idea.md", "x".repeat(10_001));
        Path many = tar(out -> {
            for (int i = 0; i < 11; i++) {
                file(out, "f" + i + ".md", "x");
            }
        });

        assertThatThrownBy(() -> archive.unpack(big, Files.createDirectory(dir.resolve("a"))))
                .isInstanceOf(ArchiveTooLargeException.class).hasMessageContaining("more than 10000 bytes");
        assertThatThrownBy(() -> archive.unpack(many, Files.createDirectory(dir.resolve("b"))))
                .isInstanceOf(ArchiveTooLargeException.class).hasMessageContaining("more than 10 entries");
    }

    @Test
    void refuses_what_is_not_an_archive() throws IOException {
        Path text = Files.writeString(dir.resolve("materials.zip"), "hello");

        assertThatThrownBy(() -> archive.unpack(text, Files.createDirectory(dir.resolve("a"))))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("neither a .zip nor a .tar.gz");
    }

    private Path zip(String... namesAndContents) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".zip");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
    }

    interface TarContent {
        void write(TarArchiveOutputStream out) throws IOException;
    }

    private Path tar(TarContent content) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".tar.gz");
        try (OutputStream raw = Files.newOutputStream(file);
                TarArchiveOutputStream out = new TarArchiveOutputStream(new GZIPOutputStream(raw))) {
            content.write(out);
        }
        return file;
    }

    private static void file(TarArchiveOutputStream out, String name, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(bytes.length);
        out.putArchiveEntry(entry);
        out.write(bytes);
        out.closeArchiveEntry();
    }
}
