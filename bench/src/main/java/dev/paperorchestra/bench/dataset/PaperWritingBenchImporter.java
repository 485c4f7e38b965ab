package dev.paperorchestra.bench.dataset;

import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a PaperWritingBench-style source (one directory per paper with {@code idea_sparse.md} and
 * {@code idea_dense.md}, {@code experimental_log.md}, usually {@code template.tex} and
 * {@code conference_guidelines.md}, and the human paper) into our dataset layout: one case per idea variant,
 * {@code <paper>-sparse} (the standard setting) and {@code <paper>-dense}, each a complete materials directory
 * with a {@code job.json} whose cutoff comes from the venue's deadline, and the human paper under
 * {@code reference/}. A missing template or guidelines file is filled from the venue default and recorded in
 * the case's {@code job.json} ({@code "filledFromVenueDefault"}) and in the dataset's {@code import.json}.
 */
public final class PaperWritingBenchImporter {

    /** Files of the human paper a source may keep at its top level instead of under reference/. */
    private static final List<String> REFERENCE_FILES = List.of("paper.tex", "references.bib");

    /** What one import did. */
    public record Imported(List<String> cases, List<String> filled) {
    }

    private final @Nullable VenueDefault fallbackVenue;

    /** @param fallbackVenue the venue of source papers whose name and job.json name none; null: such papers fail */
    public PaperWritingBenchImporter(@Nullable VenueDefault fallbackVenue) {
        this.fallbackVenue = fallbackVenue;
    }

    public Imported importAll(Path source, Path target) {
        if (!Files.isDirectory(source)) {
            throw new IllegalArgumentException("import source " + source + " is not a directory");
        }
        List<Path> papers;
        try (Stream<Path> children = Files.list(source)) {
            papers = children.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + source, e);
        }
        List<String> cases = new ArrayList<>();
        List<String> filled = new ArrayList<>();
        ArrayNode manifest = Json.mapper().createArrayNode();
        for (Path paper : papers) {
            importPaper(paper, target, cases, filled, manifest);
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("import source " + source + " holds no paper directory with an idea");
        }
        write(target.resolve("import.json"), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(
                Json.mapper().createObjectNode().put("source", source.toAbsolutePath().toString()).set("cases", manifest)));
        return new Imported(cases, filled);
    }

    private void importPaper(Path paper, Path target, List<String> cases, List<String> filled, ArrayNode manifest) {
        String name = paper.getFileName().toString();
        JsonNode job = readJob(paper);
        VenueDefault venue = venueOf(name, job);
        List<String[]> variants = new ArrayList<>();
        if (Files.isRegularFile(paper.resolve("idea_sparse.md"))) {
            variants.add(new String[] {name + "-sparse", "idea_sparse.md", "sparse"});
        }
        if (Files.isRegularFile(paper.resolve("idea_dense.md"))) {
            variants.add(new String[] {name + "-dense", "idea_dense.md", "dense"});
        }
        if (variants.isEmpty() && Files.isRegularFile(paper.resolve(MaterialsDirectory.IDEA))) {
            variants.add(new String[] {name, MaterialsDirectory.IDEA, "single"});
        }
        if (variants.isEmpty()) {
            throw new IllegalArgumentException(paper + " has no idea_sparse.md, idea_dense.md or idea.md");
        }
        for (String[] variant : variants) {
            Path dir = target.resolve(variant[0]);
            if (Files.exists(dir)) {
                throw new IllegalArgumentException("case directory " + dir + " exists already; import into an empty directory");
            }
            List<String> defaulted = copyCase(paper, dir, variant[1], venue);
            ObjectNode caseJob = job == null ? Json.mapper().createObjectNode() : (ObjectNode) job.deepCopy();
            if (!caseJob.hasNonNull("venue")) {
                caseJob.put("venue", venue.venue());
            }
            if (!caseJob.hasNonNull("cutoffDate")) {
                caseJob.put("cutoffDate", venue.cutoff());
            }
            caseJob.put("ideaVariant", variant[2]);
            ArrayNode filledNode = caseJob.putArray("filledFromVenueDefault");
            defaulted.forEach(file -> filledNode.add(file + " from " + venue.id()));
            write(dir.resolve("job.json"), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(caseJob));
            cases.add(variant[0]);
            defaulted.forEach(file -> filled.add(variant[0] + "/" + file + " from " + venue.id()));
            ObjectNode entry = manifest.addObject().put("case", variant[0]).put("source", name)
                    .put("idea", variant[1]).put("venue", venue.venue()).put("cutoffDate", caseJob.get("cutoffDate").asString());
            entry.set("filledFromVenueDefault", filledNode.deepCopy());
        }
    }

    private List<String> copyCase(Path paper, Path dir, String ideaFile, VenueDefault venue) {
        List<String> defaulted = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            Files.copy(paper.resolve(ideaFile), dir.resolve(MaterialsDirectory.IDEA));
            copyIfPresent(paper.resolve(MaterialsDirectory.LOG), dir.resolve(MaterialsDirectory.LOG));
            for (String file : List.of(MaterialsDirectory.TEMPLATE, MaterialsDirectory.GUIDELINES)) {
                if (!copyIfPresent(paper.resolve(file), dir.resolve(file))) {
                    Files.write(dir.resolve(file), venue.file(file));
                    defaulted.add(file);
                }
            }
            copyIfPresent(paper.resolve("scholar_records.json"), dir.resolve("scholar_records.json"));
            copyTree(paper.resolve(MaterialsDirectory.FIGURES), dir.resolve(MaterialsDirectory.FIGURES));
            Path reference = dir.resolve(BenchCase.REFERENCE_DIR);
            copyTree(paper.resolve(BenchCase.REFERENCE_DIR), reference);
            for (String file : REFERENCE_FILES) {
                if (Files.isRegularFile(paper.resolve(file))) {
                    Files.createDirectories(reference);
                    copyIfPresent(paper.resolve(file), reference.resolve(file));
                }
            }
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException("cannot import " + paper + ": " + e.getFile() + " exists already", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import " + paper + " into " + dir, e);
        }
        return defaulted;
    }

    private VenueDefault venueOf(String name, @Nullable JsonNode job) {
        if (job != null && job.hasNonNull("venue")) {
            var named = VenueDefault.mentionedIn(job.get("venue").asString());
            if (named.isPresent()) {
                return named.get();
            }
        }
        return VenueDefault.mentionedIn(name).or(() -> Optional.ofNullable(fallbackVenue))
                .orElseThrow(() -> new IllegalArgumentException("the venue of " + name + " is unknown: name it in "
                        + "the directory name or job.json, or give --venue-default cvpr|iclr"));
    }

    private static @Nullable JsonNode readJob(Path paper) {
        Path file = paper.resolve("job.json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    private static boolean copyIfPresent(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        Files.copy(from, to);
        return true;
    }

    /** Copies regular files and directories only: links are left behind, as materials refuse them. */
    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(path, target);
                }
            }
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
