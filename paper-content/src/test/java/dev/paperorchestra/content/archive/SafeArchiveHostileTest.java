package dev.paperorchestra.content.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Archives built to hurt the host (issue 25, finding 5 and item 4): each is refused with a message naming the
 * entry and the limit, in the normal test heap, before anything lands outside the target, and no message names
 * a path of this machine. The header bombs inflate to some 600 MB: with commons-compress alone they fill the
 * 1 GiB test heap ({@code OutOfMemoryError} in {@code getLongNameData} / {@code parsePaxHeaders}).
 */
class SafeArchiveHostileTest {

    private static final long BOMB = 600L << 20;

    @TempDir
    Path dir;

    private final SafeArchive archive = new SafeArchive(new ArchiveLimits(50, 10L << 20));

    @Test
    void refuses_a_gnu_long_name_of_1_5_mb_before_reading_it() throws IOException {
        Path tar = tarGz(out -> {
            RawTar.entry(out, "././@LongLink", 'L', "a".repeat(1_500_000).getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "x", '0', "x".getBytes(StandardCharsets.US_ASCII));
        });

        assertRefused(tar, "the first tar header", "is a GNU long name of 1500000 bytes; at most 4096");
    }

    @Test
    void refuses_a_gnu_long_name_that_inflates_to_600_mb_without_running_out_of_heap() throws IOException {
        Path tar = tarGz(out -> {
            out.write(RawTar.header("././@LongLink", 'L', BOMB));
            RawTar.data(out, BOMB, (byte) 'a');
            RawTar.entry(out, "x", '0', new byte[1]);
        });

        Instant start = Instant.now();
        assertRefused(tar, "the first tar header", "is a GNU long name of " + BOMB + " bytes; at most 4096");
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void refuses_a_pax_header_that_inflates_to_600_mb_without_running_out_of_heap() throws IOException {
        Path tar = tarGz(out -> {
            file(out, "idea.md", "# Idea");
            out.write(RawTar.header("PaxHeaders/x", 'x', BOMB));
            byte[] prefix = (BOMB + " path=").getBytes(StandardCharsets.US_ASCII);
            out.write(prefix);
            RawTar.fill(out, BOMB - prefix.length, (byte) 'a'); // one record filling the header; no '\n' ever comes
            RawTar.entry(out, "x", '0', new byte[1]);
        });

        assertRefused(tar, "the tar header after idea.md", "is a PAX extended header of " + BOMB
                + " bytes; at most 4096");
    }

    @Test
    void refuses_a_large_pax_global_header_and_a_large_gnu_long_link() throws IOException {
        Path global = tarGz(out -> {
            RawTar.entry(out, "pax_global_header", 'g',
                    RawTar.paxRecord("comment", "c".repeat(8000)).getBytes(StandardCharsets.US_ASCII));
            file(out, "idea.md", "# Idea");
        });
        Path longLink = tarGz(out -> {
            RawTar.entry(out, "././@LongLink", 'K', "l".repeat(5000).getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "idea.md", '2', new byte[0]);
        });

        assertRefused(global, "the first tar header", "is a PAX global header of "
                + RawTar.paxRecord("comment", "c".repeat(8000)).length() + " bytes");
        assertRefused(longLink, "the first tar header", "is a GNU long link of 5000 bytes");
    }

    @Test
    void refuses_a_pax_size_record_and_a_sparse_entry() throws IOException {
        Path size = tarGz(out -> {
            RawTar.entry(out, "PaxHeaders/idea.md", 'x',
                    RawTar.paxRecord("size", "99999999999").getBytes(StandardCharsets.US_ASCII));
            file(out, "idea.md", "# Idea");
        });
        Path sparse = tarGz(out -> RawTar.entry(out, "holes.bin", 'S', new byte[0]));

        assertRefused(size, "the first tar header", "PAX size record");
        assertRefused(sparse, "holes.bin", "is a tar entry of type 'S'");
    }

    @Test
    void refuses_a_header_claiming_10_gb_on_a_truncated_stream_without_inflating_it() throws IOException {
        Path huge = tarGz(out -> out.write(RawTar.header("idea.md", '0', 10L << 30)));
        Path cut = dir.resolve("cut.tar.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(cut))) {
            out.write(RawTar.header("idea.md", '0', 900));
            out.write(new byte[100]); // and the stream ends
        }

        assertThatThrownBy(() -> archive.unpack(huge, target()))
                .isInstanceOf(ArchiveTooLargeException.class)
                .hasMessage("idea.md: is " + (10L << 30) + " bytes: more than " + (10L << 20) + " bytes for one file");
        assertRefused(cut, "idea.md", "claims more bytes than the archive holds (truncated)");
    }

    @Test
    void refuses_more_entries_than_the_limit_before_writing_any_of_them() throws IOException {
        Path tar = tarGz(out -> {
            for (int i = 0; i < 51; i++) {
                file(out, "f" + i + ".md", "x");
            }
        });
        Path zip = dir.resolve("many.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (int i = 0; i < 51; i++) {
                out.putNextEntry(new ZipEntry("f" + i + ".md"));
                out.closeEntry();
            }
        }

        Path tarTarget = target();
        assertThatThrownBy(() -> archive.unpack(tar, tarTarget)).isInstanceOf(ArchiveTooLargeException.class)
                .hasMessage("f50.md: the archive has more than 50 entries");
        Path zipTarget = target();
        assertThatThrownBy(() -> archive.unpack(zip, zipTarget)).isInstanceOf(ArchiveTooLargeException.class)
                .hasMessage("f50.md: the archive has more than 50 entries");
        assertThat(list(tarTarget)).isZero();
        assertThat(list(zipTarget)).isZero();
    }

    @Test
    void refuses_directories_deeper_than_the_limit_and_names_longer_than_the_limit() throws IOException {
        String deep = "d/".repeat(40) + "idea.md";
        Path tooDeep = tarGz(out -> {
            RawTar.entry(out, "PaxHeaders/deep", 'x', RawTar.paxRecord("path", deep).getBytes(StandardCharsets.UTF_8));
            RawTar.entry(out, "deep", '0', new byte[1]);
        });
        String longName = "n".repeat(200) + "/" + "m".repeat(200) + "/" + "o".repeat(200) + "/" + "p".repeat(200)
                + "/" + "q".repeat(200) + "/" + "r".repeat(200);
        Path tooLong = zip(longName, "x");
        Path longPart = zip("p".repeat(300), "x");

        assertRefused(tooDeep, deep, "lies 41 levels deep; at most 32");
        assertRefused(tooLong, longName.substring(0, 160) + "...", "has a name of 1205 characters; at most 1024");
        assertRefused(longPart, "p".repeat(160) + "...", "has a part longer than 255 bytes");
    }

    @Test
    void refuses_a_zip_bomb_by_its_compression_ratio() throws IOException {
        Path zip = dir.resolve("bomb.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.setLevel(Deflater.BEST_COMPRESSION);
            out.putNextEntry(new ZipEntry("experimental_log.md"));
            out.write(new byte[8 << 20]);
            out.closeEntry();
        }

        Path target = target();
        assertThatThrownBy(() -> archive.unpack(zip, target)).isInstanceOf(ArchiveTooLargeException.class)
                .hasMessage("materials: inflates more than 200 times its own size (a decompression bomb?)");
        assertThat(sizeOf(target)).isLessThan(200 * Files.size(zip) + (64 << 10));
    }

    @Test
    void refuses_a_gzip_bomb_by_its_compression_ratio_before_writing_anything() throws IOException {
        Path tar = tarGz(out -> {
            out.write(RawTar.header("experimental_log.md", '0', 8 << 20));
            RawTar.data(out, 8 << 20, (byte) 0);
        });

        Path target = target();
        assertThatThrownBy(() -> archive.unpack(tar, target)).isInstanceOf(ArchiveTooLargeException.class)
                .hasMessageContaining("inflates more than 200 times its own size");
        assertThat(list(target)).isZero();
    }

    @Test
    void refuses_symbolic_links_in_a_zip_and_pipes_in_a_tar() throws IOException {
        Path zip = dir.resolve("link.zip");
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(Files.newOutputStream(zip))) {
            ZipArchiveEntry link = new ZipArchiveEntry("paper/idea.md");
            link.setUnixMode(0120777);
            out.putArchiveEntry(link);
            out.write("/etc/passwd".getBytes(StandardCharsets.US_ASCII));
            out.closeArchiveEntry();
        }
        Path fifo = tarGz(out -> RawTar.entry(out, "experimental_log.md", '6', new byte[0]));

        assertRefused(zip, "paper/idea.md", "is a symbolic link");
        assertRefused(fifo, "experimental_log.md", "is a device or pipe");
    }

    @Test
    void refuses_a_hard_link_to_a_host_file_after_a_plain_file() throws IOException {
        Path tar = tarGz(out -> {
            file(out, "idea.md", "# Idea");
            byte[] header = RawTar.header("experimental_log.md", '1', 0);
            out.write(withLinkName(header, "/etc/passwd"));
        });

        assertRefused(tar, "experimental_log.md", "is a hard link");
    }

    @Test
    void refuses_absolute_parent_and_backslash_paths_and_writes_nothing_outside() throws IOException {
        Path absoluteTar = tarGz(out -> file(out, "/tmp/po-evil.md", "x"));
        Path absoluteZip = zip("/tmp/po-evil.md", "x");
        Path parent = tarGz(out -> file(out, "paper/../../po-evil.md", "x"));

        assertRefused(absoluteTar, "/tmp/po-evil.md", "lies outside the archive's directory");
        assertRefused(absoluteZip, "/tmp/po-evil.md", "lies outside the archive's directory");
        assertRefused(parent, "paper/../../po-evil.md", "lies outside the archive's directory");
        for (String name : new String[] {"..\\po-evil.md", "a\\..\\..\\po-evil.md", "C:\\po-evil.md"}) {
            Path backslash = zip(name, "x");
            assertThatThrownBy(() -> archive.unpack(backslash, target())).isInstanceOf(InvalidMaterialsException.class)
                    .hasMessageContaining("po-evil.md").hasMessageContaining("lies outside the archive's directory");
        }
        assertThat(dir.resolve("po-evil.md")).doesNotExist();
        assertThat(Path.of("/tmp/po-evil.md")).doesNotExist();
    }

    @Test
    void refuses_duplicate_names_and_a_name_that_is_both_file_and_directory() throws IOException {
        Path twiceZip = zip("paper/idea.md", "# Idea", "paper/idea.md", "# Other idea");
        Path twiceTar = tarGz(out -> {
            file(out, "idea.md", "# Idea");
            file(out, "./idea.md", "# Other idea");
        });
        Path fileThenDir = tarGz(out -> {
            file(out, "figures", "x");
            file(out, "figures/a.png", "png");
        });

        assertRefused(twiceZip, "paper/idea.md", "appears twice in the archive");
        assertRefused(twiceTar, "./idea.md", "appears twice in the archive");
        assertRefused(fileThenDir, "figures/a.png", "lies below figures, which the archive also holds as a file");
    }

    @Test
    void refuses_control_characters_in_names_and_shows_them_harmlessly() throws IOException {
        Path zip = zip("idea\u001b[2J.md", "x");

        assertRefused(zip, "idea?[2J.md", "has control characters in its name");
    }

    @Test
    void refuses_a_run_of_metadata_headers_and_a_malformed_pax_header() throws IOException {
        Path run = tarGz(out -> {
            for (int i = 0; i < 9; i++) {
                RawTar.entry(out, "PaxHeaders/x", 'x', RawTar.paxRecord("comment", "c").getBytes(StandardCharsets.US_ASCII));
            }
            file(out, "idea.md", "x");
        });
        Path malformed = tarGz(out -> {
            RawTar.entry(out, "PaxHeaders/x", 'x', "99999 path=x\n".getBytes(StandardCharsets.US_ASCII));
            file(out, "idea.md", "x");
        });

        assertRefused(run, "the first tar header", "more than 8 metadata headers in a row");
        assertRefused(malformed, "the first tar header", "holds a malformed PAX header");
    }

    @Test
    void refuses_zip_extra_fields_larger_than_the_header_limit() throws IOException {
        Path zip = dir.resolve("extra.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            ZipEntry entry = new ZipEntry("idea.md");
            byte[] extra = new byte[8000];
            extra[0] = (byte) 0xfe; // an unknown extra field id, 7996 bytes of data
            extra[1] = (byte) 0xca;
            extra[2] = (byte) (7996 & 0xff);
            extra[3] = (byte) (7996 >> 8);
            entry.setExtra(extra);
            out.putNextEntry(entry);
            out.write('x');
            out.closeEntry();
        }

        assertRefused(zip, "idea.md", "extra field of 8000 bytes; at most 4096");
    }

    @Test
    void refuses_a_zip_whose_directory_is_not_where_its_end_record_says() throws IOException {
        Path zip = zip("idea.md", "# Idea");
        byte[] bytes = Files.readAllBytes(zip);
        bytes[bytes.length - 22 + 16] ^= 0x01; // the central directory's offset, off by one
        Files.write(zip, bytes);

        assertRefused(zip, "materials", "is not a well-formed zip archive");
    }

    @Test
    void a_damaged_archive_is_refused_without_naming_a_path_of_this_machine() throws IOException {
        Path zip = dir.resolve("damaged.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("idea.md"));
            out.write("# Idea, at length ".repeat(200).getBytes(StandardCharsets.US_ASCII));
            out.closeEntry();
        }
        byte[] bytes = Files.readAllBytes(zip);
        for (int i = 40; i < 80; i++) {
            bytes[i] = (byte) 0xff; // the deflated data, garbled
        }
        Files.write(zip, bytes);
        Path gzip = dir.resolve("garbage.tar.gz");
        Files.write(gzip, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3});

        for (Path damaged : new Path[] {zip, gzip}) {
            assertThatThrownBy(() -> archive.unpack(damaged, target()))
                    .isInstanceOf(InvalidMaterialsException.class)
                    .hasMessageStartingWith("materials: cannot be unpacked")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(dir.toString()).doesNotContain("/tmp"));
        }
    }

    @Test
    void a_tar_of_plain_files_with_pax_and_long_names_still_unpacks() throws IOException {
        String longName = "paper/" + "l".repeat(150) + ".md";
        Path tar = tarGz(out -> {
            RawTar.entry(out, "pax_global_header", 'g', RawTar.paxRecord("comment", "git").getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "./", '5', new byte[0]);
            RawTar.entry(out, "././@LongLink", 'L', longName.getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "paper/llll", '0', "long".getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "PaxHeaders/idea", 'x', RawTar.paxRecord("path", "paper/idea.md").getBytes(StandardCharsets.US_ASCII));
            RawTar.entry(out, "paper/idea", '0', "# Idea".getBytes(StandardCharsets.US_ASCII));
        });
        Path target = target();

        archive.unpack(tar, target);

        assertThat(target.resolve(longName)).hasContent("long");
        assertThat(target.resolve("paper/idea.md")).hasContent("# Idea");
    }

    private void assertRefused(Path archiveFile, String entry, String problem) {
        ThrowingCallable unpack = () -> archive.unpack(archiveFile, target());
        assertThatThrownBy(unpack).isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
            assertThat(e.file()).isEqualTo(entry); // as the archive names it, cut at 160 characters
            assertThat(e.problem()).contains(problem);
            assertThat(e.getMessage()).doesNotContain(dir.toString());
        });
    }

    private Path target() throws IOException {
        return Files.createDirectory(dir.resolve("out" + System.nanoTime()));
    }

    interface Content {
        void write(OutputStream out) throws IOException;
    }

    private Path tarGz(Content content) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".tar.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
            content.write(out);
            RawTar.end(out);
        }
        return file;
    }

    private Path zip(String... namesAndContents) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".zip");
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                byte[] bytes = namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8);
                ZipArchiveEntry entry = new ZipArchiveEntry(namesAndContents[i]);
                entry.setMethod(ZipEntry.STORED);
                entry.setSize(bytes.length);
                CRC32 crc = new CRC32();
                crc.update(bytes);
                entry.setCrc(crc.getValue());
                zip.putArchiveEntry(entry);
                zip.write(bytes);
                zip.closeArchiveEntry();
            }
        }
        return file;
    }

    private static void file(OutputStream out, String name, String text) throws IOException {
        RawTar.entry(out, name, '0', text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] withLinkName(byte[] header, String linkName) {
        byte[] copy = header.clone();
        byte[] bytes = linkName.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, copy, 157, bytes.length);
        java.util.Arrays.fill(copy, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : copy) {
            sum += b & 0xff;
        }
        byte[] checksum = String.format("%06o\0 ", sum).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(checksum, 0, copy, 148, checksum.length);
        return copy;
    }

    private static long list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        }
    }

    private static long sizeOf(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(path -> path.toFile().length()).sum();
        }
    }
}
