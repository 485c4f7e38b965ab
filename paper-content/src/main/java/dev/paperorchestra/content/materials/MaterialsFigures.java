package dev.paperorchestra.content.materials;

import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rules for {@code figures/}: a plain directory of plain PNG, JPEG or PDF files with plain names. Links are
 * refused even when they point inside the materials directory, so no rule has to decide where a link leads;
 * devices, pipes and sub-directories are refused; a file whose name says image but whose bytes do not is
 * refused; hidden files and files of other kinds are ignored, and the notes say so. {@code captions.json} holds
 * the author's captions ({@link FigureCaptions}).
 */
final class MaterialsFigures {

    /** Names that are safe anywhere they travel: letters, digits, '.', '_' and '-', starting with a letter or digit. */
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] JPEG = {(byte) 0xff, (byte) 0xd8, (byte) 0xff};
    private static final byte[] PDF = "%PDF-".getBytes(StandardCharsets.US_ASCII);

    private MaterialsFigures() {
    }

    /**
     * The figures to upload, in name order; problems and notes name each file as {@code figures/<name>}.
     */
    static List<Path> check(Path directory, MaterialsLimits limits, List<MaterialsProblem> problems,
            List<String> notes) {
        MaterialsFiles files = new MaterialsFiles(directory);
        String folder = MaterialsDirectory.FIGURES;
        if (!files.exists(folder)) {
            return List.of();
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(directory.resolve(folder), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            problems.add(new MaterialsProblem(folder, "cannot be read (" + e.getClass().getSimpleName() + ")"));
            return List.of();
        }
        if (attributes.isSymbolicLink() || !attributes.isDirectory()) {
            problems.add(new MaterialsProblem(folder, attributes.isSymbolicLink()
                    ? MaterialsFileRule.LINK
                    : "is not a directory"));
            return List.of();
        }
        List<String> names;
        try (Stream<Path> listing = Files.list(directory.resolve(folder))) {
            names = listing.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            problems.add(new MaterialsProblem(folder, "cannot be listed (" + e.getClass().getSimpleName() + ")"));
            return List.of();
        }
        List<Path> figures = new ArrayList<>();
        SizeLimit limit = new SizeLimit(limits.maxFigureSize().toBytes(), "po.materials.max-figure-size");
        for (String name : names) {
            String file = folder + "/" + name;
            if (name.startsWith(".")) {
                notes.add(file + ": hidden file, ignored");
                continue;
            }
            if (name.equals(FigureCaptions.FILE)) {
                continue;
            }
            if (!FigureNames.safeName(name, 100, true)) {
                problems.add(new MaterialsProblem(file, "the name has characters other than letters, digits, '.', "
                        + "'_' and '-' (quotes, spaces, '$' or '(' could reach LaTeX or a shell) or is longer than "
                        + "100 characters: rename the file"));
                continue;
            }
            BasicFileAttributes figure = files.attributes(file, problems);
            if (figure == null) {
                continue;
            }
            String mediaType = MediaTypes.forFileName(name);
            if (!mediaType.equals(MediaTypes.PDF) && !mediaType.startsWith("image/")) {
                notes.add(file + ": not a PNG, JPEG or PDF figure, ignored");
                continue;
            }
            if (figure(files, file, figure.size(), mediaType, limit, problems)) {
                figures.add(directory.resolve(file));
            }
        }
        FigureCaptions.check(directory, figureNames(names), problems);
        if (figures.size() > limits.maxFigures()) {
            problems.add(new MaterialsProblem(folder, "holds " + figures.size() + " figures; at most "
                    + limits.maxFigures() + " are accepted (po.materials.max-figures)"));
        }
        return figures;
    }

    /** The names captions.json may key: the files named as figures (checked or not). */
    static List<String> figureNames(List<String> names) {
        return names.stream().filter(name -> !name.startsWith(".") && FigureNames.safeName(name, 100, true))
                .filter(name -> {
                    String mediaType = MediaTypes.forFileName(name);
                    return mediaType.equals(MediaTypes.PDF) || mediaType.startsWith("image/");
                }).toList();
    }

    /** Size and the first bytes only: the figure itself is read once, when it is uploaded. */
    private static boolean figure(MaterialsFiles files, String file, long size, String mediaType, SizeLimit limit,
            List<MaterialsProblem> problems) {
        if (size == 0) {
            problems.add(new MaterialsProblem(file, "is empty"));
            return false;
        }
        if (size > limit.bytes()) {
            problems.add(new MaterialsProblem(file, limit.tooLarge(size)));
            return false;
        }
        byte[] magic = mediaType.equals(MediaTypes.PDF) ? PDF : mediaType.equals(MediaTypes.PNG) ? PNG : JPEG;
        byte[] bytes;
        try {
            bytes = files.head(file, magic.length);
        } catch (IOException e) {
            problems.add(new MaterialsProblem(file, "cannot be read (" + e.getClass().getSimpleName() + ")"));
            return false;
        }
        if (bytes.length < magic.length || !Arrays.equals(bytes, 0, magic.length, magic, 0, magic.length)) {
            problems.add(new MaterialsProblem(file, "is not a " + kind(mediaType) + " file although its name says so"));
            return false;
        }
        return true;
    }

    private static String kind(String mediaType) {
        return mediaType.equals(MediaTypes.PDF) ? "PDF" : mediaType.equals(MediaTypes.PNG) ? "PNG" : "JPEG";
    }
}
