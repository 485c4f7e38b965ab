package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import dev.paperorchestra.schemas.JobOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The one door every job's materials pass before anything runs: {@code po run} before the broker starts, the
 * paper service for uploads, and (through {@link MaterialsContent}) the outline agent for jobs from any other
 * submitter. Everything that can be known without the pipeline is checked: required files present, plain
 * files (links, devices and pipes refused), non-empty, within their size limits (measured before reading),
 * UTF-8 text; the template's structure, the log's tables within their limits, the guidelines' page limit;
 * job.json parsed strictly; option ranges; the figures; every class, package and bibliography style the template
 * and its kit load, against the kit and the installed TeX ({@link TemplateTex}, {@code po.materials.check-tex}).
 */
public final class MaterialsIntake {

    public static final String SCHOLAR_RECORDS = "scholar_records.json";

    private MaterialsIntake() {
    }

    /**
     * Checks a materials directory and the options asked for it.
     *
     * @return the checked materials with notes on what was done about harmless oddities, or every problem,
     *         each naming the file (relative to the directory) or the option
     */
    public static IntakeResult<CheckedMaterials> check(Path directory, JobRequest request, MaterialsLimits limits) {
        return check(directory, null, request, limits);
    }

    /**
     * As {@link #check(Path, JobRequest, MaterialsLimits)}, with the template and its author kit from
     * {@code templateDir} when given ({@code --template-dir}); otherwise the kit is found in the materials
     * ({@link TemplateKit#find}).
     */
    public static IntakeResult<CheckedMaterials> check(Path directory, @Nullable Path templateDir, JobRequest request,
            MaterialsLimits limits) {
        return check(directory, templateDir, request, limits, null);
    }

    /**
     * As {@link #check(Path, Path, JobRequest, MaterialsLimits)}, with the template's first compile ({@link
     * TemplateTrial}) deciding whether this TeX can set it; null skips the compile (the static scan stays advice).
     */
    public static IntakeResult<CheckedMaterials> check(Path directory, @Nullable Path templateDir, JobRequest request,
            MaterialsLimits limits, @Nullable TemplateTrial trial) {
        if (!Files.isDirectory(directory)) {
            return new IntakeResult.Rejected<>(List.of(new MaterialsProblem(directory.toString(),
                    Files.exists(directory) ? "is not a directory" : "materials directory does not exist")));
        }
        List<MaterialsProblem> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        MaterialsFiles files = new MaterialsFiles(directory);
        TemplateKit kit = TemplateKit.find(directory, templateDir, limits, problems, notes);
        String kitShown = templateDir != null && kit != null ? kit.root().toAbsolutePath().normalize() + "/"
                : TemplateKit.SUBDIRECTORY + "/";
        GuidelinesFile guidelines = GuidelinesFile.find(directory, kit, kitShown, notes);
        MaterialsSource source = withGuidelines(kit == null || kit.root().equals(directory) ? files
                : fromKit(files, kit, kitShown), guidelines);
        // the content names the guidelines by their usual name; a note or problem names the file actually read
        String guidelinesShown = guidelines == null ? MaterialsDirectory.GUIDELINES : guidelines.shown();
        MaterialsContent content = switch (MaterialsContent.check(source, limits)) {
            case IntakeResult.Accepted<MaterialsContent> accepted -> {
                accepted.notes().forEach(note -> notes.add(renamed(note, MaterialsDirectory.GUIDELINES,
                        guidelinesShown)));
                yield accepted.value();
            }
            case IntakeResult.Rejected<MaterialsContent> rejected -> {
                rejected.problems().forEach(problem -> problems.add(problem.file().equals(MaterialsDirectory.GUIDELINES)
                        ? new MaterialsProblem(guidelinesShown, problem.problem()) : problem));
                yield null;
            }
        };
        String jobFile = optionalText(files, JobRequest.JOB_FILE, new SizeLimit(limits.maxJobFileSize().toBytes(),
                "po.materials.max-job-file-size"), problems);
        JobOptions options = request.resolve(jobFile, limits, problems);
        Path scholarRecords = null;
        if (files.exists(SCHOLAR_RECORDS)) {
            var attributes = files.attributes(SCHOLAR_RECORDS, problems);
            SizeLimit limit = new SizeLimit(limits.maxScholarRecordsSize().toBytes(),
                    "po.materials.max-scholar-records-size");
            if (attributes != null && attributes.size() > limit.bytes()) {
                problems.add(new MaterialsProblem(SCHOLAR_RECORDS, limit.tooLarge(attributes.size())));
            } else if (attributes != null) {
                scholarRecords = directory.resolve(SCHOLAR_RECORDS);
            }
        }
        List<Path> figures = MaterialsFigures.check(directory, limits, problems, notes);
        if (content != null && kit != null && limits.checkTex()) {
            // the TeX check names files inside the kit; a kit outside the materials is named by its own path
            String kitPrefix = kit.root().equals(directory) ? "" : kitShown;
            List<MaterialsProblem> texProblems = new ArrayList<>();
            List<String> texNotes = new ArrayList<>();
            TemplateTex.check(kit, content.template(), TexInstallation.kpsewhich(), trial, limits, texProblems,
                    texNotes);
            texProblems.forEach(problem -> problems.add(new MaterialsProblem(kitPrefix + problem.file(),
                    problem.problem())));
            texNotes.forEach(note -> notes.add(kitPrefix + note));
        }
        if (!problems.isEmpty() || content == null || options == null || kit == null) {
            return new IntakeResult.Rejected<>(problems);
        }
        if (options.getPageLimit() == null && content.guidelines().statesNoPageLimit()) {
            notes.add(guidelinesShown + ": states no page limit (nor does --page-limit or job.json); "
                    + "the paper is not held to a page count");
        } else if (options.getPageLimit() != null && !options.getPageLimit().equals(content.guidelines().pages())) {
            notes.add(guidelinesShown + ": the paper is held to " + options.getPageLimit()
                    + " pages, the limit --page-limit or job.json sets" + (content.guidelines().pages() == null ? ""
                            : " (it wins over the guidelines' " + content.guidelines().pages() + ")"));
        }
        return new IntakeResult.Accepted<>(new CheckedMaterials(directory, content, options, figures, scholarRecords, kit),
                notes);
    }

    /** The note with its leading file name {@code from} replaced by {@code to}. */
    private static String renamed(String note, String from, String to) {
        return note.startsWith(from + ": ") ? to + note.substring(from.length()) : note;
    }

    /** template.tex read from the kit's directory, its problems naming it there; every other file from the materials. */
    private static MaterialsSource fromKit(MaterialsFiles materials, TemplateKit kit, String shownPrefix) {
        MaterialsFiles kitFiles = new MaterialsFiles(kit.root());
        return (file, limit, problems) -> {
            if (!file.equals(MaterialsDirectory.TEMPLATE)) {
                return materials.read(file, limit, problems);
            }
            List<MaterialsProblem> own = new ArrayList<>();
            byte[] bytes = kitFiles.read(file, limit, own);
            own.forEach(problem -> problems.add(new MaterialsProblem(shownPrefix + problem.file(), problem.problem())));
            return bytes;
        };
    }

    /** The guidelines read from wherever they were found ({@link GuidelinesFile}), their problems naming that file. */
    private static MaterialsSource withGuidelines(MaterialsSource source, @Nullable GuidelinesFile guidelines) {
        return (file, limit, problems) -> {
            if (!file.equals(MaterialsDirectory.GUIDELINES)) {
                return source.read(file, limit, problems);
            }
            if (guidelines == null) {
                problems.add(new MaterialsProblem(MaterialsDirectory.GUIDELINES, GuidelinesFile.MISSING));
                return null;
            }
            List<MaterialsProblem> own = new ArrayList<>();
            byte[] bytes = new MaterialsFiles(guidelines.directory()).read(guidelines.name(), limit, own);
            own.forEach(problem -> problems.add(new MaterialsProblem(guidelines.shown(), problem.problem())));
            return bytes;
        };
    }

    private static @Nullable String optionalText(MaterialsFiles files, String file, SizeLimit limit,
            List<MaterialsProblem> problems) {
        if (!files.exists(file)) {
            return null;
        }
        byte[] bytes = files.read(file, limit, problems);
        return bytes == null ? null : MaterialsText.decode(file, bytes, problems);
    }
}
