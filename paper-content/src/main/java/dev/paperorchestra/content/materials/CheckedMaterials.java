package dev.paperorchestra.content.materials;

import dev.paperorchestra.schemas.JobOptions;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A materials directory that passed the intake, ready to upload.
 *
 * @param directory      the materials directory
 * @param content        the required files, checked and parsed
 * @param options        the job's options (command line or request, then job.json)
 * @param figures        the author's figures to upload, in name order
 * @param scholarRecords scholar_records.json when present
 * @param kit            the template's author kit (no files for a lone template.tex)
 */
public record CheckedMaterials(Path directory, MaterialsContent content, JobOptions options, List<Path> figures,
        @Nullable Path scholarRecords, TemplateKit kit) {

    public CheckedMaterials {
        figures = List.copyOf(figures);
    }

    /** Materials whose template.tex comes alone. */
    public CheckedMaterials(Path directory, MaterialsContent content, JobOptions options, List<Path> figures,
            @Nullable Path scholarRecords) {
        this(directory, content, options, figures, scholarRecords, new TemplateKit(directory, List.of()));
    }
}
