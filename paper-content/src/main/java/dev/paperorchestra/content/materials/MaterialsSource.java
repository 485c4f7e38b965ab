package dev.paperorchestra.content.materials;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where the content rules get a file's bytes from: a directory on disk (the front doors) or the blob store (an
 * agent receiving a job). Either way the size is known, and checked against its limit, before a byte is read.
 */
@FunctionalInterface
public interface MaterialsSource {

    /**
     * The file's bytes, or null after adding a problem naming the file (missing, empty, too large, not a
     * regular file, unreadable).
     */
    byte @Nullable [] read(String file, SizeLimit limit, List<MaterialsProblem> problems);

    /**
     * A size limit and the property that sets it, so a refusal can say how to raise it.
     *
     * @param bytes    largest allowed size
     * @param property the {@code po.materials.*} property
     */
    record SizeLimit(long bytes, String property) {

        /** The refusal for a file of {@code size} bytes. */
        public String tooLarge(long size) {
            return "is " + size + " bytes; at most " + bytes + " are accepted (" + property + ")";
        }
    }
}
