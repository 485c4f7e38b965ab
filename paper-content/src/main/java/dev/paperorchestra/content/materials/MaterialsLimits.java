package dev.paperorchestra.content.materials;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/**
 * How much of each input a job may bring. Sizes are checked with {@code Files.size} (or the blob's recorded
 * size) before a byte is read, counts before anything is planned from them: a 50 MB idea or a 10,000-row
 * table is refused at the door instead of keeping an agent busy for minutes.
 *
 * @param maxIdeaSize           largest idea.md (every size is checked before reading, by {@code po run}, the paper
 *                              service and the outline agent)
 * @param maxLogSize            largest experimental_log.md
 * @param maxTemplateSize       largest template.tex
 * @param maxGuidelinesSize     largest conference_guidelines.md
 * @param maxJobFileSize        largest job.json
 * @param maxScholarRecordsSize largest scholar_records.json
 * @param maxFigureSize         largest single file in figures/
 * @param maxFigures            most files in figures/
 * @param maxTemplateFileSize   largest single file of the template's author kit (a .sty, .cls, .bst, logo, ...)
 * @param maxTemplateFiles      most files in the template's author kit, template.tex not counted
 * @param maxTables             most markdown tables in the log
 * @param maxTableRows          most body rows of one log table
 * @param maxTableColumns       most columns of one log table
 * @param maxPageLimit          highest page limit a job may ask for (job options, job.json, guidelines)
 * @param maxIterations         highest refinement iteration limit a job may ask for
 * @param checkTex              compile the untouched template with its kit before anything runs (po run, and the
 *                              paper service on each upload) and refuse the job naming a class, package, input file
 *                              or font this TeX lacks with the Debian package that ships it; the packages the
 *                              template loads are read too, as advice; skipped where TeX is not installed (the paper
 *                              service's image)
 */
@ConfigurationProperties("po.materials")
public record MaterialsLimits(
        @DefaultValue("1MB") DataSize maxIdeaSize,
        @DefaultValue("1MB") DataSize maxLogSize,
        @DefaultValue("512KB") DataSize maxTemplateSize,
        @DefaultValue("256KB") DataSize maxGuidelinesSize,
        @DefaultValue("16KB") DataSize maxJobFileSize,
        @DefaultValue("32MB") DataSize maxScholarRecordsSize,
        @DefaultValue("20MB") DataSize maxFigureSize,
        @DefaultValue("50") int maxFigures,
        @DefaultValue("20MB") DataSize maxTemplateFileSize,
        @DefaultValue("100") int maxTemplateFiles,
        @DefaultValue("40") int maxTables,
        @DefaultValue("500") int maxTableRows,
        @DefaultValue("30") int maxTableColumns,
        @DefaultValue("50") int maxPageLimit,
        @DefaultValue("10") int maxIterations,
        @DefaultValue("true") boolean checkTex) {

    private static final String PREFIX = "po.materials";

    public MaterialsLimits {
        for (DataSize size : new DataSize[] {maxIdeaSize, maxLogSize, maxTemplateSize, maxGuidelinesSize,
                maxJobFileSize, maxScholarRecordsSize, maxFigureSize, maxTemplateFileSize}) {
            if (size.toBytes() <= 0) {
                throw new IllegalArgumentException(PREFIX + ": every size limit must be positive, got " + size);
            }
        }
        if (maxFigures < 0 || maxTemplateFiles < 0 || maxTables < 1 || maxTableRows < 1 || maxTableColumns < 2 || maxPageLimit < 1
                || maxIterations < 0) {
            throw new IllegalArgumentException(PREFIX + ": counts must be positive (max-tables, max-table-rows, "
                    + "max-page-limit >= 1; max-table-columns >= 2; max-figures, max-template-files, max-iterations >= 0)");
        }
    }

    /** The defaults above, for callers without a Spring environment. */
    public static MaterialsLimits defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate(PREFIX, MaterialsLimits.class);
    }

    /**
     * The limits set in an environment ({@code po.materials.*} properties or {@code PO_MATERIALS_*} variables),
     * defaults for the rest; {@code po run} reads them this way before any Spring context exists.
     */
    public static MaterialsLimits from(Environment environment) {
        return Binder.get(environment).bindOrCreate(PREFIX, MaterialsLimits.class);
    }
}
