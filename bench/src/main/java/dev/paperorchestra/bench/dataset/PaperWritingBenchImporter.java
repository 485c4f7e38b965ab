package dev.paperorchestra.bench.dataset;

import dev.paperorchestra.content.materials.FigureCaptions;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a source in the reference method's layout into our dataset layout. The source holds raw materials,
 * one directory per paper ({@code idea_sparse.md} and/or {@code idea_dense.md} (or {@code idea.md}),
 * {@code experimental_log.md}, {@code figures/} with the author's figures and their captions, optionally
 * {@code scholar_records.json}, {@code job.json} and the human paper), either directly under the source or
 * grouped by venue ({@code SRC/<venue>/<paper>/}); the venues' author kits are apart, in a directory of kits
 * ({@link VenueKits}). Each idea variant of a paper becomes one case, {@code <paper>-sparse} and
 * {@code <paper>-dense}: a complete materials directory as {@code po run} takes it (template.tex with its kit's
 * files beside it, the kit's guidelines as {@code conference_guidelines.md}, the captions as
 * {@code figures/captions.json}), a {@code job.json} with only the fields {@code po run} accepts, and the human
 * paper under {@code reference/}. Where each file came from is recorded in the dataset's {@code import.json},
 * which no case reads.
 *
 * <p>The venue of a paper, first match wins: the venue directory it lies in; the kit named in its
 * {@code venue.txt}; its {@code job.json} venue when that is a kit's name (or mentions CVPR or ICLR); its
 * directory name mentioning CVPR or ICLR; {@code --venue-default}. A paper with its own {@code template.tex} and
 * guidelines needs none. CVPR and ICLR without a kit directory are the bundled defaults, with the cutoff of their
 * deadlines; any other venue's cutoff is read by the pipeline from the deadline its guidelines state.
 */
public final class PaperWritingBenchImporter {

    /** Which idea files become cases. */
    public enum IdeaChoice {
        SPARSE, DENSE, BOTH;

        public static IdeaChoice parse(String value) {
            for (IdeaChoice choice : values()) {
                if (choice.name().equalsIgnoreCase(value.strip())) {
                    return choice;
                }
            }
            throw new IllegalArgumentException("--idea: '" + value + "' is none of sparse, dense, both");
        }
    }

    /** What one import did: the cases written, and a line for each thing worth saying. */
    public record Imported(List<String> cases, List<String> notes) {
        public Imported {
            cases = List.copyOf(cases);
            notes = List.copyOf(notes);
        }
    }

    static final String VENUE_FILE = "venue.txt";
    private static final String SPARSE = "idea_sparse.md";
    private static final String DENSE = "idea_dense.md";
    /** Files of the human paper a source may keep at its top level instead of under reference/. */
    private static final List<String> REFERENCE_FILES = List.of("paper.tex", "references.bib");
    /** A paper's own guidelines, first match wins. */
    private static final List<String> OWN_GUIDELINES = List.of(MaterialsDirectory.GUIDELINES, "guidelines.md");
    /** Names of the materials directory a kit's sub-directory must not take. */
    private static final List<String> RESERVED_DIRS = List.of(MaterialsDirectory.FIGURES, BenchCase.REFERENCE_DIR);

    private record Paper(String name, Path dir, @Nullable String group) {
    }

    /** Where a case's template and guidelines come from. */
    private sealed interface Venue {
        record Kit(String name, Path dir) implements Venue {
        }

        record Bundled(VenueDefault venue) implements Venue {
        }

        /** The paper's own template and guidelines, no venue named. */
        record Own() implements Venue {
        }
    }

    private record PlannedCase(String name, Paper paper, String ideaFile, String variant, Venue venue,
            @Nullable JsonNode job) {
    }

    private final VenueKits kits;
    private final IdeaChoice ideas;
    private final @Nullable String venueDefault;

    /**
     * @param kits         the venues' author kits ({@code --venues}), or {@link VenueKits#none()}
     * @param venueDefault the venue of papers that name none ({@code --venue-default}): a kit's name, or cvpr/iclr
     */
    public PaperWritingBenchImporter(VenueKits kits, IdeaChoice ideas, @Nullable String venueDefault) {
        this.kits = kits;
        this.ideas = ideas;
        this.venueDefault = venueDefault;
    }

    /** Both idea variants, no kits: the layout of sources that carry their own templates. */
    public PaperWritingBenchImporter(@Nullable VenueDefault fallbackVenue) {
        this(VenueKits.none(), IdeaChoice.BOTH, fallbackVenue == null ? null : fallbackVenue.id());
    }

    public Imported importAll(Path source, Path target) {
        if (!Files.isDirectory(source)) {
            throw new IllegalArgumentException("import source " + source + " is not a directory");
        }
        List<PlannedCase> planned = new ArrayList<>();
        for (Paper paper : papers(source)) {
            planned.addAll(plan(paper));
        }
        if (planned.isEmpty()) {
            throw new IllegalArgumentException("import source " + source + " holds no paper directory with an idea");
        }
        Map<String, PlannedCase> byName = new HashMap<>();
        for (PlannedCase c : planned) {
            PlannedCase other = byName.putIfAbsent(c.name(), c);
            if (other != null) {
                throw new IllegalArgumentException("two papers would both become case " + c.name() + ": "
                        + other.paper().dir() + " and " + c.paper().dir() + "; rename one");
            }
            if (Files.exists(target.resolve(c.name()), LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalArgumentException("case directory " + target.resolve(c.name())
                        + " exists already; import into an empty directory");
            }
        }
        List<String> cases = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        ArrayNode manifest = Json.mapper().createArrayNode();
        for (PlannedCase c : planned) {
            manifest.add(write(c, target.resolve(c.name()), notes));
            cases.add(c.name());
        }
        ObjectNode index = Json.mapper().createObjectNode().put("source", source.toAbsolutePath().toString())
                .put("idea", ideas.name().toLowerCase(Locale.ROOT));
        index.put("venues", kits.root() == null ? null : kits.root().toString());
        index.set("cases", manifest);
        writeText(target.resolve("import.json"), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(index));
        return new Imported(cases, notes);
    }

    /** The papers of the source in name order: its directories with an idea, and those of its venue directories. */
    private List<Paper> papers(Path source) {
        List<Paper> papers = new ArrayList<>();
        for (Path child : directories(source)) {
            if (kits.root() != null && child.toAbsolutePath().normalize().equals(kits.root())) {
                continue;
            }
            String name = child.getFileName().toString();
            if (hasIdea(child)) {
                papers.add(new Paper(name, child, null));
                continue;
            }
            List<Path> grouped = directories(child).stream().filter(PaperWritingBenchImporter::hasIdea).toList();
            if (grouped.isEmpty()) {
                throw new IllegalArgumentException(child + " is neither a paper (it has no " + SPARSE + ", " + DENSE
                        + " or " + MaterialsDirectory.IDEA + ") nor a venue directory of papers");
            }
            grouped.forEach(paper -> papers.add(new Paper(paper.getFileName().toString(), paper, name)));
        }
        return papers;
    }

    private List<PlannedCase> plan(Paper paper) {
        JsonNode job = readJob(paper.dir());
        Venue venue = venueOf(paper, job);
        boolean sparse = Files.isRegularFile(paper.dir().resolve(SPARSE), LinkOption.NOFOLLOW_LINKS);
        boolean dense = Files.isRegularFile(paper.dir().resolve(DENSE), LinkOption.NOFOLLOW_LINKS);
        List<PlannedCase> cases = new ArrayList<>();
        if (!sparse && !dense) {
            if (ideas != IdeaChoice.BOTH) {
                throw new IllegalArgumentException(paper.dir() + " has no " + (ideas == IdeaChoice.SPARSE ? SPARSE : DENSE)
                        + " (--idea " + ideas.name().toLowerCase(Locale.ROOT) + "), only " + MaterialsDirectory.IDEA);
            }
            cases.add(new PlannedCase(paper.name(), paper, MaterialsDirectory.IDEA, "single", venue, job));
            return cases;
        }
        if (ideas != IdeaChoice.DENSE && sparse) {
            cases.add(new PlannedCase(paper.name() + "-sparse", paper, SPARSE, "sparse", venue, job));
        }
        if (ideas != IdeaChoice.SPARSE && dense) {
            cases.add(new PlannedCase(paper.name() + "-dense", paper, DENSE, "dense", venue, job));
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException(paper.dir() + " has no " + (ideas == IdeaChoice.SPARSE ? SPARSE : DENSE)
                    + " (--idea " + ideas.name().toLowerCase(Locale.ROOT) + ")");
        }
        return cases;
    }

    private Venue venueOf(Paper paper, @Nullable JsonNode job) {
        if (paper.group() != null) {
            return named(paper, paper.group(), "the directory it lies in");
        }
        Path venueFile = paper.dir().resolve(VENUE_FILE);
        if (Files.isRegularFile(venueFile, LinkOption.NOFOLLOW_LINKS)) {
            String named = readText(venueFile).lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(venueFile + " is empty: name the venue's kit"));
            return named(paper, named, VENUE_FILE);
        }
        if (job != null && job.hasNonNull("venue") && job.get("venue").isString()) {
            String venue = job.get("venue").asString();
            Optional<Path> kit = kits.kit(venue);
            if (kit.isPresent()) {
                return new Venue.Kit(kits.kits().entrySet().stream().filter(e -> e.getValue().equals(kit.get()))
                        .map(Map.Entry::getKey).findFirst().orElseThrow(), kit.get());
            }
            Optional<VenueDefault> bundled = VenueDefault.mentionedIn(venue);
            if (bundled.isPresent()) {
                return new Venue.Bundled(bundled.get());
            }
        }
        Optional<VenueDefault> byName = VenueDefault.mentionedIn(paper.name());
        if (byName.isPresent()) {
            return new Venue.Bundled(byName.get());
        }
        if (venueDefault != null) {
            return named(paper, venueDefault, "--venue-default");
        }
        if (ownTemplate(paper.dir()) && ownGuidelines(paper.dir()).isPresent()) {
            return new Venue.Own();
        }
        throw new IllegalArgumentException("the venue of " + paper.name() + " is unknown: put it in a directory named "
                + "after its kit (SRC/<venue>/" + paper.name() + "/), name the kit in " + paper.name() + "/" + VENUE_FILE
                + ", or give --venue-default (" + kits.known() + "; bundled: cvpr, iclr)");
    }

    private Venue named(Paper paper, String name, String where) {
        Optional<Path> kit = kits.kit(name);
        if (kit.isPresent()) {
            return new Venue.Kit(kit.get().getFileName().toString(), kit.get());
        }
        return VenueDefault.mentionedIn(name).<Venue>map(Venue.Bundled::new).orElseThrow(() ->
                new IllegalArgumentException(paper.dir() + ": the venue '" + name + "' (from " + where
                        + ") names no kit (" + kits.known() + "; bundled: cvpr, iclr)"));
    }

    /** Writes one case; returns its import.json entry. */
    private ObjectNode write(PlannedCase c, Path dir, List<String> notes) {
        Path paper = c.paper().dir();
        ObjectNode entry = Json.mapper().createObjectNode().put("case", c.name()).put("paper", c.paper().name())
                .put("source", paper.toAbsolutePath().toString()).put("idea", c.ideaFile()).put("variant", c.variant());
        ArrayNode filled = Json.mapper().createArrayNode();
        try {
            Files.createDirectories(dir);
            Files.copy(paper.resolve(c.ideaFile()), dir.resolve(MaterialsDirectory.IDEA));
            copyIfPresent(paper.resolve(MaterialsDirectory.LOG), dir.resolve(MaterialsDirectory.LOG));
            // template.tex: the paper's own, else its venue's kit with every file of the kit beside it
            if (ownTemplate(paper)) {
                Files.copy(paper.resolve(MaterialsDirectory.TEMPLATE), dir.resolve(MaterialsDirectory.TEMPLATE));
                entry.put("template", "paper");
            } else {
                switch (c.venue()) {
                    case Venue.Kit kit -> {
                        Files.copy(kit.dir().resolve(MaterialsDirectory.TEMPLATE), dir.resolve(MaterialsDirectory.TEMPLATE));
                        entry.put("template", "kit " + kit.name());
                        ArrayNode kitFiles = entry.putArray("kitFiles");
                        copyKit(kit, dir, c.name(), notes).forEach(kitFiles::add);
                    }
                    case Venue.Bundled bundled -> {
                        Files.write(dir.resolve(MaterialsDirectory.TEMPLATE), bundled.venue().file(MaterialsDirectory.TEMPLATE));
                        entry.put("template", "bundled " + bundled.venue().id());
                        filled.add(MaterialsDirectory.TEMPLATE + " from " + bundled.venue().id());
                    }
                    case Venue.Own own -> throw new IllegalStateException("a paper without a template needs a venue");
                }
            }
            Optional<Path> guidelines = ownGuidelines(paper);
            if (guidelines.isPresent()) {
                Files.copy(guidelines.get(), dir.resolve(MaterialsDirectory.GUIDELINES));
                entry.put("guidelines", "paper " + guidelines.get().getFileName());
            } else {
                switch (c.venue()) {
                    case Venue.Kit kit -> {
                        Path kitGuidelines = VenueKits.guidelines(kit.dir()).orElseThrow(() -> new IllegalArgumentException(
                                "the kit " + kit.dir() + " has no guidelines.md (nor conference_guidelines.md), and "
                                        + paper + " has none of its own"));
                        Files.copy(kitGuidelines, dir.resolve(MaterialsDirectory.GUIDELINES));
                        entry.put("guidelines", "kit " + kit.name() + " " + kitGuidelines.getFileName());
                    }
                    case Venue.Bundled bundled -> {
                        Files.write(dir.resolve(MaterialsDirectory.GUIDELINES), bundled.venue().file(MaterialsDirectory.GUIDELINES));
                        entry.put("guidelines", "bundled " + bundled.venue().id());
                        filled.add(MaterialsDirectory.GUIDELINES + " from " + bundled.venue().id());
                    }
                    case Venue.Own own -> throw new IllegalStateException("a paper without guidelines needs a venue");
                }
            }
            copyIfPresent(paper.resolve(MaterialsDirectory.SCHOLAR_RECORDS), dir.resolve(MaterialsDirectory.SCHOLAR_RECORDS));
            int[] figures = copyFigures(paper.resolve(MaterialsDirectory.FIGURES), dir.resolve(MaterialsDirectory.FIGURES),
                    c.name(), notes);
            entry.put("figures", figures[0]).put("captions", figures[1]);
            Path reference = dir.resolve(BenchCase.REFERENCE_DIR);
            copyTree(paper.resolve(BenchCase.REFERENCE_DIR), reference);
            for (String file : REFERENCE_FILES) {
                if (Files.isRegularFile(paper.resolve(file), LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(reference);
                    copyIfPresent(paper.resolve(file), reference.resolve(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import " + paper + " into " + dir, e);
        }
        ObjectNode job = job(c, notes);
        if (!job.isEmpty()) {
            writeText(dir.resolve(JobRequest.JOB_FILE), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(job));
        }
        entry.put("venue", switch (c.venue()) {
            case Venue.Kit kit -> kit.name();
            case Venue.Bundled bundled -> bundled.venue().id();
            case Venue.Own own -> null;
        });
        entry.set("job", job.deepCopy());
        entry.set("filledFromVenueDefault", filled);
        filled.forEach(line -> notes.add("filled " + c.name() + "/" + line.asString()));
        return entry;
    }

    /**
     * The case's job.json: the source's fields that {@code po run} accepts, the venue's name and (for the bundled
     * venues) its cutoff when the source gives none. Anything else of the source's job.json is left out, saying so.
     */
    private ObjectNode job(PlannedCase c, List<String> notes) {
        ObjectNode job = Json.mapper().createObjectNode();
        if (c.job() != null) {
            for (var field : c.job().properties()) {
                if (JobRequest.JOB_FIELDS.contains(field.getKey())) {
                    job.set(field.getKey(), field.getValue());
                } else {
                    notes.add(c.name() + "/" + JobRequest.JOB_FILE + ": the source's field '" + field.getKey()
                            + "' left out (po run accepts only " + String.join(", ", JobRequest.JOB_FIELDS.stream()
                            .sorted().toList()) + ")");
                }
            }
        }
        switch (c.venue()) {
            case Venue.Kit kit -> {
                if (!job.hasNonNull("venue")) {
                    job.put("venue", kit.name());
                }
            }
            case Venue.Bundled bundled -> {
                if (!job.hasNonNull("venue")) {
                    job.put("venue", bundled.venue().venue());
                }
                if (!job.hasNonNull("cutoffDate")) {
                    job.put("cutoffDate", bundled.venue().cutoff());
                }
            }
            case Venue.Own own -> {
            }
        }
        return job;
    }

    /**
     * Every file of the kit of a kind a kit brings (TeX code, configuration, images), at its place relative to
     * template.tex; template.tex and the guidelines are written apart. A link is refused, naming it.
     */
    private static List<String> copyKit(Venue.Kit kit, Path dir, String caseName, List<String> notes) throws IOException {
        List<String> copied = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(kit.dir())) {
            for (Path path : walk.sorted().toList()) {
                String relative = kit.dir().relativize(path).toString().replace('\\', '/');
                if (relative.isEmpty() || relative.equals(MaterialsDirectory.TEMPLATE)
                        || VenueKits.GUIDELINES.contains(relative)) {
                    continue;
                }
                if (Files.isSymbolicLink(path)) {
                    throw new IllegalArgumentException("the kit " + kit.name() + " holds a link, " + path
                            + "; links are refused in materials, copy the file itself into the kit");
                }
                String top = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : relative;
                if (relative.startsWith(".") || relative.contains("/.")) {
                    continue;
                }
                if (RESERVED_DIRS.contains(top)) {
                    if (relative.equals(top)) {
                        notes.add(caseName + ": the kit " + kit.name() + "'s directory " + top + "/ left out (the name "
                                + "is the materials' own " + top + "/)");
                    }
                    continue;
                }
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && VenueKits.kitFile(relative)) {
                    Path to = dir.resolve(relative);
                    Files.createDirectories(to.getParent());
                    Files.copy(path, to);
                    copied.add(relative);
                }
            }
        }
        return copied;
    }

    /**
     * The author's figures, with their captions as {@code figures/captions.json}: the source's own
     * captions.json, and a sidecar {@code <stem>.txt} per figure for figures it does not caption.
     *
     * @return the number of figures and of captions written
     */
    private static int[] copyFigures(Path from, Path to, String caseName, List<String> notes) throws IOException {
        if (!Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
            return new int[] {0, 0};
        }
        Map<String, String> captions = new LinkedHashMap<>();
        Path captionsFile = from.resolve(FigureCaptions.FILE);
        if (Files.isRegularFile(captionsFile, LinkOption.NOFOLLOW_LINKS)) {
            JsonNode json;
            try {
                json = Json.mapper().readTree(Files.readString(captionsFile, StandardCharsets.UTF_8));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(captionsFile + " is not valid JSON: " + e.getMessage(), e);
            }
            if (json == null || !json.isObject()) {
                throw new IllegalArgumentException(captionsFile + " must be a JSON object of captions by figure file name");
            }
            json.properties().forEach(e -> captions.put(e.getKey(), e.getValue().isString() ? e.getValue().asString()
                    : e.getValue().toString()));
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(from)) {
            files = list.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        }
        Files.createDirectories(to);
        // a figure's sidecar caption is gathered into captions.json, not copied
        List<String> sidecars = files.stream().map(p -> p.getFileName().toString()).filter(PaperWritingBenchImporter::figure)
                .map(name -> stem(name) + ".txt").toList();
        int figures = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (Files.isSymbolicLink(file)) {
                throw new IllegalArgumentException(file + " is a link; links are refused in materials, copy the file "
                        + "itself");
            }
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                notes.add(caseName + "/figures: the sub-directory " + name + "/ left out (figures/ is flat)");
                continue;
            }
            if (name.equals(FigureCaptions.FILE) || sidecars.contains(name)) {
                continue;
            }
            Files.copy(file, to.resolve(name));
            if (!figure(name)) {
                continue;
            }
            figures++;
            Path sidecar = from.resolve(stem(name) + ".txt");
            if (Files.isRegularFile(sidecar, LinkOption.NOFOLLOW_LINKS)) {
                String text = Files.readString(sidecar, StandardCharsets.UTF_8).strip();
                if (captions.containsKey(name)) {
                    notes.add(caseName + "/figures/" + name + ": captioned from " + FigureCaptions.FILE + ", not "
                            + sidecar.getFileName());
                } else if (!text.isEmpty()) {
                    captions.put(name, text);
                }
            }
        }
        if (!captions.isEmpty()) {
            writeText(to.resolve(FigureCaptions.FILE), Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(Json.mapper().valueToTree(captions)));
        }
        return new int[] {figures, captions.size()};
    }

    private static boolean figure(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".png") || lower.endsWith(".jpg") || lower.endsWith(".jpeg") || lower.endsWith(".pdf");
    }

    private static String stem(String name) {
        return name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
    }

    private static boolean hasIdea(Path dir) {
        return Stream.of(SPARSE, DENSE, MaterialsDirectory.IDEA)
                .anyMatch(file -> Files.isRegularFile(dir.resolve(file), LinkOption.NOFOLLOW_LINKS));
    }

    private static boolean ownTemplate(Path paper) {
        return Files.isRegularFile(paper.resolve(MaterialsDirectory.TEMPLATE), LinkOption.NOFOLLOW_LINKS);
    }

    private static Optional<Path> ownGuidelines(Path paper) {
        return OWN_GUIDELINES.stream().map(paper::resolve).filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
                .findFirst();
    }

    private static List<Path> directories(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static @Nullable JsonNode readJob(Path paper) {
        Path file = paper.resolve(JobRequest.JOB_FILE);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        JsonNode job;
        try {
            job = Json.mapper().readTree(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getMessage(), e);
        }
        if (job == null || !job.isObject()) {
            throw new IllegalArgumentException(file + " must be a JSON object");
        }
        return job;
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
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

    private static void writeText(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
