package dev.paperorchestra.outline.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.materials.LatexTemplate;
import dev.paperorchestra.runtime.materials.MarkdownTables;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Materials;

/**
 * Reads the four required materials from the blob store and rejects what no later stage could use, with an
 * {@link InvalidMaterialsException} naming the file inside the submitted directory. A log without tables is
 * accepted: the paper then simply has no plots.
 */
public final class MaterialsValidator {

    private final BlobStore blobs;

    public MaterialsValidator(BlobStore blobs) {
        this.blobs = blobs;
    }

    /**
     * @throws InvalidMaterialsException naming the file (under the materials' source directory) and the problem
     */
    public ParsedMaterials read(Materials materials) {
        String directory = materials.getSourceDirectory();
        String idea = nonBlank(materials.getIdea(), directory, MaterialsDirectory.IDEA, "the idea is empty");
        String log = nonBlank(materials.getExperimentalLog(), directory, MaterialsDirectory.LOG,
                "the experimental log is empty");
        LatexTemplate template = template(blobs.getText(materials.getTemplate()), directory);
        String guidelines = nonBlank(materials.getGuidelines(), directory, MaterialsDirectory.GUIDELINES,
                "the conference guidelines are empty");
        return new ParsedMaterials(idea, log, MarkdownTables.parse(log), template, guidelines);
    }

    private String nonBlank(ArtifactRef ref, String directory, String file, String problem) {
        String text = blobs.getText(ref);
        if (text.isBlank()) {
            throw new InvalidMaterialsException(inDirectory(directory, file), problem);
        }
        return text;
    }

    private static LatexTemplate template(String source, String directory) {
        try {
            return LatexTemplate.parse(source);
        } catch (InvalidMaterialsException e) {
            // the parser knows only the file name; the person fixing it needs to know which directory
            throw new InvalidMaterialsException(inDirectory(directory, e.file()), e.problem());
        }
    }

    /** {@code directory/file}, or just the file when the directory is unknown. */
    static String inDirectory(String directory, String file) {
        if (directory.isBlank()) {
            return file;
        }
        return directory.endsWith("/") ? directory + file : directory + "/" + file;
    }
}
