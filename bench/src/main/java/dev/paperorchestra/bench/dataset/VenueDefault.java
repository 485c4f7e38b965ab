package dev.paperorchestra.bench.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The venues PaperWritingBench covers, each with its research cutoff (the month of its submission deadline)
 * and a default template and guidelines for cases that come without them. The defaults are the bundled
 * examples' files, copied into the jar at build time.
 */
public enum VenueDefault {
    CVPR("CVPR 2025", "2024-11"),
    ICLR("ICLR 2025", "2024-10");

    private final String venue;
    private final String cutoff;

    VenueDefault(String venue, String cutoff) {
        this.venue = venue;
        this.cutoff = cutoff;
    }

    public String venue() {
        return venue;
    }

    /** {@code YYYY-MM}: literature must predate the first day of the deadline's month. */
    public String cutoff() {
        return cutoff;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The default {@code template.tex} or {@code conference_guidelines.md} of this venue. */
    public byte[] file(String name) {
        String resource = "/dev/paperorchestra/bench/venues/" + id() + "/" + name;
        try (InputStream in = VenueDefault.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the venue default " + resource + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** {@code cvpr}/{@code iclr}, any case. */
    public static VenueDefault parse(String id) {
        return Arrays.stream(values()).filter(v -> v.id().equalsIgnoreCase(id.strip())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown venue default '" + id + "' (known: cvpr, iclr)"));
    }

    /** The venue a name mentions (a case directory, a job.json venue), if it mentions exactly one. */
    public static Optional<VenueDefault> mentionedIn(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        var found = Arrays.stream(values()).filter(v -> lower.contains(v.id())).toList();
        return found.size() == 1 ? Optional.of(found.getFirst()) : Optional.empty();
    }
}
