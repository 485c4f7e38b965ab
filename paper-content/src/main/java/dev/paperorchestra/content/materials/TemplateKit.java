package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A venue's author kit: {@code template.tex} and the files it needs beside it (its {@code .sty}/{@code .cls},
 * {@code .bst}, the {@code .tex} files it {@code \input}s, {@code .cfg}/{@code .def}/{@code .clo}/{@code .fd}
 * files, logos), which travel with the job and lie beside paper.tex at every compile.
 *
 * <p>Where the kit is, first match wins: the directory given with {@code --template-dir} (the kit's whole tree);
 * a {@code template/} sub-directory of the materials holding {@code template.tex} (its whole tree; this is how
 * {@code po submit --template-dir} sends a kit); else the materials directory itself, whose kit files are the
 * files of those kinds directly beside {@code template.tex}. A kit's sample {@code .bib} is left out (the paper's
 * own references.bib is what its {@code \bibliography} reads); other files (READMEs, guidelines) are not the kit.
 * Every path is relative, of plain names, no deeper than {@link #MAX_DEPTH}; links, devices and pipes are refused
 * as everywhere ({@link MaterialsFileRule}).
 *
 * @param root  the directory holding template.tex
 * @param files the kit's files as paths relative to {@code root}, '/'-separated, in order; template.tex excluded
 */
public record TemplateKit(Path root, List<String> files) {

    /** The sub-directory of a materials directory that holds a kit as it came. */
    public static final String SUBDIRECTORY = "template";
    static final int MAX_DEPTH = 4;
    /** TeX code: scanned for primitives before a compile ({@code TexKitCode}). */
    public static final Set<String> CODE = Set.of("sty", "cls", "bst", "clo", "cfg", "def", "tex", "fd", "ldf");
    private static final Set<String> IMAGES = Set.of("png", "jpg", "jpeg", "pdf", "eps");

    public TemplateKit {
        files = List.copyOf(files);
    }

    /** True when {@code name} (a path relative to the kit) is a kind of file a kit brings. */
    public static boolean kitFile(String name) {
        String extension = extension(name);
        return CODE.contains(extension) || IMAGES.contains(extension);
    }

    /**
     * True when the relative path is one a compile may write beside paper.tex: plain names, no parent, not absolute,
     * not deeper than {@link #MAX_DEPTH}, a kit kind of file.
     */
    public static boolean safePath(String relative) {
        if (relative.isEmpty() || relative.startsWith("/") || relative.contains("\\")) {
            return false;
        }
        String[] segments = relative.split("/", -1);
        if (segments.length > MAX_DEPTH) {
            return false;
        }
        for (String segment : segments) {
            if (!FigureNames.safeName(segment, 100, true) || segment.equals("..")) {
                return false;
            }
        }
        return kitFile(relative);
    }

    /**
     * Finds the kit for a materials directory, checking each file by the file rules and the kit's limits.
     *
     * @param templateDir the kit given with {@code --template-dir}, or null to look in the materials
     * @param problems    where a refusal goes, naming the file (relative to the materials, or the kit's own path
     *                    when it came from elsewhere)
     * @return the kit, or null after a problem
     */
    public static @Nullable TemplateKit find(Path materials, @Nullable Path templateDir, MaterialsLimits limits,
            List<MaterialsProblem> problems, List<String> notes) {
        if (templateDir != null) {
            if (!Files.isDirectory(templateDir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(templateDir)) {
                problems.add(new MaterialsProblem(templateDir.toString(), Files.exists(templateDir)
                        ? "--template-dir is not a directory" : "--template-dir does not exist"));
                return null;
            }
            if (new MaterialsFiles(materials).exists(MaterialsDirectory.TEMPLATE)) {
                notes.add(MaterialsDirectory.TEMPLATE + ": the template comes from --template-dir " + templateDir
                        + "; the one in the materials is not used");
            }
            return walk(templateDir, templateDir.toAbsolutePath().normalize() + "/", limits, problems, notes);
        }
        Path sub = materials.resolve(SUBDIRECTORY);
        if (Files.isRegularFile(sub.resolve(MaterialsDirectory.TEMPLATE), LinkOption.NOFOLLOW_LINKS)
                || Files.isSymbolicLink(sub)) {
            if (Files.isSymbolicLink(sub)) {
                problems.add(new MaterialsProblem(SUBDIRECTORY, MaterialsFileRule.LINK));
                return null;
            }
            if (new MaterialsFiles(materials).exists(MaterialsDirectory.TEMPLATE)) {
                problems.add(new MaterialsProblem(MaterialsDirectory.TEMPLATE, "there is also "
                        + SUBDIRECTORY + "/" + MaterialsDirectory.TEMPLATE + ": keep one template (the kit's "
                        + SUBDIRECTORY + "/ directory, or template.tex with its files beside it)"));
                return null;
            }
            return walk(sub, SUBDIRECTORY + "/", limits, problems, notes);
        }
        return beside(materials, limits, problems, notes);
    }

    /** The kit directly beside template.tex in the materials directory: kit kinds of files only, no sub-directory. */
    private static @Nullable TemplateKit beside(Path materials, MaterialsLimits limits, List<MaterialsProblem> problems,
            List<String> notes) {
        List<String> names;
        try (Stream<Path> listing = Files.list(materials)) {
            names = listing.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            problems.add(new MaterialsProblem(".", "cannot be listed (" + e.getClass().getSimpleName() + ")"));
            return null;
        }
        List<String> candidates = names.stream().filter(name -> !MaterialsDirectory.REQUIRED.contains(name))
                .filter(name -> !name.startsWith(".")).filter(name -> kitFile(name) || name.endsWith(".bib"))
                .toList();
        return checked(materials, "", candidates, limits, problems, notes);
    }

    private static @Nullable TemplateKit walk(Path kitDir, String shownPrefix, MaterialsLimits limits,
            List<MaterialsProblem> problems, List<String> notes) {
        List<String> candidates = new ArrayList<>();
        Path root;
        try {
            // the directory named on the command line may itself be a link, as for the materials; nothing below it
            root = kitDir.toRealPath();
        } catch (IOException e) {
            problems.add(new MaterialsProblem(shownPrefix, "cannot be read (" + e.getClass().getSimpleName() + ")"));
            return null;
        }
        try (Stream<Path> walk = Files.walk(root)) { // never enters a linked directory
            for (Iterator<Path> paths = walk.iterator(); paths.hasNext(); ) {
                Path path = paths.next();
                if (path.equals(root)) {
                    continue;
                }
                String relative = root.relativize(path).toString().replace('\\', '/');
                BasicFileAttributes attributes = MaterialsFileRule.attributes(path);
                if (relative.equals(MaterialsDirectory.TEMPLATE) || attributes.isDirectory()
                        || hidden(relative)) {
                    continue;
                }
                if (attributes.isSymbolicLink() || !attributes.isRegularFile()) {
                    problems.add(new MaterialsProblem(shownPrefix + relative,
                            MaterialsFileRule.problem(attributes)));
                    continue;
                }
                if (kitFile(relative) || relative.endsWith(".bib")) {
                    candidates.add(relative);
                }
            }
        } catch (IOException e) {
            problems.add(new MaterialsProblem(shownPrefix, "cannot be listed (" + e.getClass().getSimpleName()
                    + ")"));
            return null;
        }
        candidates.sort(null);
        return checked(root, shownPrefix, candidates, limits, problems, notes);
    }

    private static boolean hidden(String relative) {
        for (String segment : relative.split("/")) {
            if (segment.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static @Nullable TemplateKit checked(Path root, String shownPrefix, List<String> candidates,
            MaterialsLimits limits, List<MaterialsProblem> problems, List<String> notes) {
        int before = problems.size();
        MaterialsFiles files = new MaterialsFiles(root);
        SizeLimit limit = new SizeLimit(limits.maxTemplateFileSize().toBytes(), "po.materials.max-template-file-size");
        List<String> kit = new ArrayList<>();
        for (String relative : candidates) {
            String shown = shownPrefix + relative;
            if (relative.endsWith(".bib")) {
                notes.add(shown + ": the kit's sample bibliography is not used; the paper's \\bibliography reads "
                        + "its own references.bib");
                continue;
            }
            if (!safePath(relative)) {
                problems.add(new MaterialsProblem(shown, "a kit file's path must be plain names (letters, digits, "
                        + "'.', '_' and '-'), at most " + MAX_DEPTH + " levels deep: rename it"));
                continue;
            }
            List<MaterialsProblem> own = new ArrayList<>();
            BasicFileAttributes attributes = files.attributes(relative, own);
            if (attributes == null) {
                own.forEach(problem -> problems.add(new MaterialsProblem(shown, problem.problem())));
                continue;
            }
            if (attributes.size() > limit.bytes()) {
                problems.add(new MaterialsProblem(shown, limit.tooLarge(attributes.size())));
                continue;
            }
            kit.add(relative);
        }
        if (kit.size() > limits.maxTemplateFiles()) {
            problems.add(new MaterialsProblem(shownPrefix.isEmpty() ? MaterialsDirectory.TEMPLATE : shownPrefix,
                    "the template's kit has " + kit.size() + " files; at most " + limits.maxTemplateFiles()
                            + " are accepted (po.materials.max-template-files)"));
        }
        return problems.size() > before ? null : new TemplateKit(root, kit);
    }

    /** The kit's files read now, bounded by their limit, never through a link; path to bytes. */
    public Map<String, byte[]> read(MaterialsLimits limits, List<MaterialsProblem> problems) {
        MaterialsFiles reader = new MaterialsFiles(root);
        SizeLimit limit = new SizeLimit(limits.maxTemplateFileSize().toBytes(), "po.materials.max-template-file-size");
        Map<String, byte[]> read = new LinkedHashMap<>();
        for (String file : files) {
            byte[] bytes = reader.readBounded(file, limit, problems);
            if (bytes != null) {
                read.put(file, bytes);
            }
        }
        return read;
    }

    /**
     * SHA-256 over template.tex and every kit file by path and content: what a shared kit adds to a case's identity
     * ({@code po bench --template-dir}).
     *
     * @throws java.io.UncheckedIOException when a file cannot be read
     */
    public String digest() {
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            List<String> names = new ArrayList<>(files);
            names.addFirst(MaterialsDirectory.TEMPLATE);
            for (String name : names) {
                byte[] content = Files.readAllBytes(root.resolve(name));
                digest.update((name + "\0" + content.length + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update(content);
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read the template's kit in " + root, e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The kit of a job as uploaded: path to content, fetched from the blob store. */
    public static Map<String, byte[]> of(Materials materials, BlobStore blobs) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (NamedArtifact file : materials.getTemplateFiles()) {
            files.put(file.getName(), blobs.get(file.getArtifact()));
        }
        return files;
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        int slash = name.lastIndexOf('/');
        return dot <= slash + 1 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
