package dev.paperorchestra.cli.client;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Zips a materials directory under one top-level folder named like it, as the paper service accepts it. */
public final class MaterialsZip {

    private MaterialsZip() {
    }

    /** Regular files only: the service refuses links and devices anyway, and says which. */
    static void write(Path directory, Path zipFile) throws IOException {
        write(directory, zipFile, relative -> true);
    }

    /** As {@link #write(Path, Path)}, keeping only the files whose path below the directory {@code include} accepts. */
    public static void write(Path directory, Path zipFile, Predicate<Path> include) throws IOException {
        Path root = directory.toAbsolutePath().normalize();
        String folder = root.getFileName().toString();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).filter(file -> include.test(root.relativize(file))).sorted().toList();
        }
        try (OutputStream out = Files.newOutputStream(zipFile); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Path file : files) {
                zip.putNextEntry(new ZipEntry(folder + "/" + root.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
    }
}
