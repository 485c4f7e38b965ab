package dev.paperorchestra.content.materials;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where a job's guidelines are read: {@code conference_guidelines.md}, or {@code guidelines.md} as the reference
 * method names the file inside a venue's template directory; in the materials first, then beside the kit's
 * template.tex (a {@code --template-dir} kit, or the materials' {@code template/} directory, which is how
 * {@code po submit --template-dir} sends it). The first that exists is the one read; any other is named in a
 * note, never silently merged. Whatever the file is called, the job carries it as its guidelines and the
 * materials' digest hashes it under one name, so renaming it does not make another paper.
 *
 * @param directory the directory holding the file
 * @param name      the file's name there
 * @param shown     how messages name it: relative to the materials, or the kit's own path when it came from
 *                  elsewhere
 */
public record GuidelinesFile(Path directory, String name, String shown) {

    /** The reference method's name for the guidelines inside a venue template directory. */
    public static final String REFERENCE_NAME = "guidelines.md";
    /** Every name a guidelines file goes by, in the order they are looked for. */
    public static final List<String> NAMES = List.of(MaterialsDirectory.GUIDELINES, REFERENCE_NAME);

    /** The problem when no guidelines file is found anywhere. */
    static final String MISSING = "required file is missing (" + REFERENCE_NAME + " is accepted too, in the "
            + "materials or beside the kit's template.tex)";

    /** The file as found. */
    public Path path() {
        return directory.resolve(name);
    }

    /**
     * The guidelines file of a job, or null when there is none.
     *
     * @param kit        the job's kit, or null when it could not be found (only the materials are looked in)
     * @param kitShown   how messages name the kit's directory ("template/", or its own path with a final '/')
     * @param notes      where a file found but not used is named
     */
    public static @Nullable GuidelinesFile find(Path materials, @Nullable TemplateKit kit, String kitShown,
            List<String> notes) {
        List<GuidelinesFile> present = new ArrayList<>();
        for (String name : NAMES) {
            if (Files.exists(materials.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                present.add(new GuidelinesFile(materials, name, name));
            }
        }
        if (kit != null && !sameDirectory(kit.root(), materials)) {
            for (String name : NAMES) {
                if (Files.exists(kit.root().resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    present.add(new GuidelinesFile(kit.root(), name, kitShown + name));
                }
            }
        }
        if (present.isEmpty()) {
            return null;
        }
        GuidelinesFile used = present.getFirst();
        present.stream().skip(1).forEach(other -> notes.add(other.shown() + ": not read; the guidelines are "
                + used.shown()));
        if (!used.shown().equals(MaterialsDirectory.GUIDELINES)) {
            notes.add(used.shown() + ": read as the guidelines (there is no " + MaterialsDirectory.GUIDELINES
                    + " in the materials)");
        }
        return used;
    }

    /**
     * As {@link #find(Path, TemplateKit, String, List)} for callers without a kit's display name: a kit outside
     * the materials is named by its own path.
     */
    public static @Nullable GuidelinesFile find(Path materials, @Nullable TemplateKit kit) {
        String shown = kit == null ? "" : kit.root().startsWith(materials)
                ? materials.relativize(kit.root()).toString().replace('\\', '/') + "/"
                : kit.root().toAbsolutePath().normalize() + "/";
        return find(materials, kit, shown, new ArrayList<>());
    }

    private static boolean sameDirectory(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
