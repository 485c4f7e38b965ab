package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads files of a materials directory without following links: a symbolic link, a device, a pipe or anything
 * else that is not a plain file is refused (a link could bring in any file the process can read, a pipe could
 * block forever), and the size is checked before the first byte is read.
 */
final class MaterialsFiles implements MaterialsSource {

    private final Path directory;

    MaterialsFiles(Path directory) {
        this.directory = directory;
    }

    @Override
    public byte @Nullable [] read(String file, SizeLimit limit, List<MaterialsProblem> problems) {
        BasicFileAttributes attributes = attributes(file, problems);
        if (attributes == null) {
            return null;
        }
        if (attributes.size() == 0) {
            problems.add(new MaterialsProblem(file, "is empty"));
            return null;
        }
        return readBounded(file, limit, problems);
    }

    /**
     * The attributes of a plain file, or null after a problem: missing, a link, not a regular file, or larger
     * than {@code limit} (when given).
     */
    @Nullable BasicFileAttributes attributes(String file, List<MaterialsProblem> problems) {
        Path path = directory.resolve(file);
        BasicFileAttributes attributes;
        try {
            attributes = MaterialsFileRule.attributes(path);
        } catch (NoSuchFileException e) {
            problems.add(new MaterialsProblem(file, "required file is missing"));
            return null;
        } catch (IOException e) {
            problems.add(new MaterialsProblem(file, "cannot be read (" + e.getClass().getSimpleName() + ")"));
            return null;
        }
        String problem = MaterialsFileRule.problem(attributes);
        if (problem != null) {
            problems.add(new MaterialsProblem(file, problem));
            return null;
        }
        return attributes;
    }

    /** True when {@code file} exists at all (a dangling link counts). */
    boolean exists(String file) {
        return Files.exists(directory.resolve(file), LinkOption.NOFOLLOW_LINKS);
    }

    /** The whole file, refused when larger than the limit: measured first, and again while read. */
    byte @Nullable [] readBounded(String file, SizeLimit limit, List<MaterialsProblem> problems) {
        try {
            long size = Files.readAttributes(directory.resolve(file), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS).size();
            if (size > limit.bytes()) {
                problems.add(new MaterialsProblem(file, limit.tooLarge(size)));
                return null;
            }
            byte[] bytes = head(file, limit.bytes() + 1);
            if (bytes.length > limit.bytes()) {
                problems.add(new MaterialsProblem(file, limit.tooLarge(bytes.length) + " (it grew while read)"));
                return null;
            }
            return bytes;
        } catch (IOException e) {
            problems.add(new MaterialsProblem(file, "cannot be read (" + e.getClass().getSimpleName() + ")"));
            return null;
        }
    }

    /** At most the first {@code count} bytes, never through a link. */
    byte[] head(String file, long count) throws IOException {
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(directory.resolve(file),
                StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            return in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, count));
        }
    }
}
