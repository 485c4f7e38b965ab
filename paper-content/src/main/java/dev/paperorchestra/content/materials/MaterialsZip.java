package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsFileRule;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Zips a materials directory under one top-level folder named like it, as the paper service accepts it. Files
 * are packed by {@code po run}'s own rule ({@link MaterialsFileRule}): a symbolic link anywhere in what is
 * packed, a pipe, a device or a socket is refused, naming it, before a byte is read or sent; nothing is ever
 * read through a link.
 */
public final class MaterialsZip {

    private MaterialsZip() {
    }

    /** Every file below the directory. */
    public static void write(Path directory, Path zipFile) throws IOException {
        write(directory, zipFile, relative -> true);
    }

    /**
     * As {@link #write(Path, Path)}, keeping only the files whose path below the directory {@code include} accepts.
     *
     * @throws InvalidMaterialsException naming the file (relative to the directory, with '/') that is not a plain
     *                                   file, in {@code po run}'s words; the zip file is then left empty
     */
    public static void write(Path directory, Path zipFile, Predicate<Path> include) throws IOException {
        write(directory, null, zipFile, include);
    }

    /**
     * As {@link #write(Path, Path, Predicate)}, with the template's author kit from {@code templateDir} when given
     * ({@code --template-dir}): packed as the materials' {@code template/} directory, where the service's intake
     * finds it ({@link TemplateKit}); the materials' own template.tex and template/ are then left out.
     *
     * @throws InvalidMaterialsException naming the file (relative to its directory) that is not a plain file
     */
    public static void write(Path directory, @Nullable Path templateDir, Path zipFile, Predicate<Path> include)
            throws IOException {
        String folder = directory.toAbsolutePath().normalize().getFileName().toString();
        Predicate<Path> materials = templateDir == null ? include : include.and(relative ->
                !relative.equals(Path.of(MaterialsDirectory.TEMPLATE)) && !relative.startsWith(TemplateKit.SUBDIRECTORY));
        Map<String, Path> entries = new TreeMap<>();
        collect(directory, materials, folder + "/", entries);
        if (templateDir != null) {
            try {
                collect(templateDir, relative -> true, folder + "/" + TemplateKit.SUBDIRECTORY + "/", entries);
            } catch (InvalidMaterialsException e) {
                throw new InvalidMaterialsException(templateDir.toAbsolutePath().resolve(e.file()).toString(),
                        e.problem());
            }
        }
        try (OutputStream out = Files.newOutputStream(zipFile); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, Path> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                try (InputStream in = Channels.newInputStream(Files.newByteChannel(entry.getValue(),
                        StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
    }

    private static void collect(Path directory, Predicate<Path> include, String prefix,
            Map<String, Path> entries) throws IOException {
        // the directory named on the command line may itself be a link, as po run accepts; nothing below it may
        Path root = directory.toRealPath();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) { // walk lists a linked directory, never enters it
            for (Iterator<Path> paths = walk.iterator(); paths.hasNext(); ) {
                Path path = paths.next();
                Path relative = root.relativize(path);
                if (path.equals(root) || !include.test(relative)) {
                    continue;
                }
                BasicFileAttributes attributes = MaterialsFileRule.attributes(path);
                if (attributes.isDirectory()) {
                    continue;
                }
                String problem = MaterialsFileRule.problem(attributes);
                if (problem != null) {
                    throw new InvalidMaterialsException(name(relative), problem);
                }
                files.add(path);
            }
        }
        for (Path file : files) {
            entries.put(prefix + name(root.relativize(file)), file);
        }
    }

    private static String name(Path relative) {
        return relative.toString().replace('\\', '/');
    }
}
