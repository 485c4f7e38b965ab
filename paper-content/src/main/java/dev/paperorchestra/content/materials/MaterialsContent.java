package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import dev.paperorchestra.model.markdown.EmphasisBudget;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Materials;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The four required materials, checked and parsed: the one set of content rules every front door ({@code po
 * run}, the paper service) and the outline agent apply, whatever the files came from.
 *
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param tables          the log's markdown tables in order (possibly none)
 * @param template        template.tex, parsed
 * @param guidelinesText  conference_guidelines.md as written
 * @param guidelines      what was read from the guidelines
 */
public record MaterialsContent(String idea, String experimentalLog, List<MarkdownTable> tables,
        LatexTemplate template, String guidelinesText, Guidelines guidelines) {

    /** "Page limit: N" with a colon: whatever follows must be the number. */
    private static final Pattern PAGE_LIMIT_STATEMENT = Pattern.compile("(?i)page\\s+limit\\s*:\\s*\\**\\s*([^\\s*]+)");
    /** What a log cell says instead of a finite number. */
    private static final Set<String> NON_FINITE = Set.of("nan", "inf", "infinity", "∞");

    public MaterialsContent {
        tables = List.copyOf(tables);
    }

    /**
     * Reads the four required files through {@code source} (sizes first) and applies the content rules.
     */
    public static IntakeResult<MaterialsContent> check(MaterialsSource source, MaterialsLimits limits) {
        List<MaterialsProblem> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String idea = text(source, MaterialsDirectory.IDEA, new SizeLimit(limits.maxIdeaSize().toBytes(),
                "po.materials.max-idea-size"), problems);
        String log = text(source, MaterialsDirectory.LOG, new SizeLimit(limits.maxLogSize().toBytes(),
                "po.materials.max-log-size"), problems);
        String templateText = text(source, MaterialsDirectory.TEMPLATE, new SizeLimit(
                limits.maxTemplateSize().toBytes(), "po.materials.max-template-size"), problems);
        String guidelinesText = text(source, MaterialsDirectory.GUIDELINES, new SizeLimit(
                limits.maxGuidelinesSize().toBytes(), "po.materials.max-guidelines-size"), problems);
        MessyNotes.notes(idea, log, notes);
        flattenedEmphasis(MaterialsDirectory.IDEA, idea, notes);
        flattenedEmphasis(MaterialsDirectory.LOG, log, notes);
        flattenedEmphasis(MaterialsDirectory.GUIDELINES, guidelinesText, notes);
        List<MarkdownTable> tables = log == null ? List.of() : tables(log, limits, problems, notes);
        LatexTemplate template = templateText == null ? null : template(templateText, problems);
        Guidelines guidelines = guidelinesText == null ? null : guidelines(guidelinesText, limits, problems, notes);
        if (!problems.isEmpty() || idea == null || log == null || template == null || guidelinesText == null
                || guidelines == null) {
            return new IntakeResult.Rejected<>(problems);
        }
        return new IntakeResult.Accepted<>(new MaterialsContent(idea, log, tables, template, guidelinesText,
                guidelines), notes);
    }

    /**
     * The content rules on a job's materials as they arrive from the blob store: each blob's recorded size is
     * checked against its limit before it is fetched.
     */
    public static IntakeResult<MaterialsContent> check(Materials materials, BlobStore blobs, MaterialsLimits limits) {
        Map<String, ArtifactRef> refs = Map.of(MaterialsDirectory.IDEA, materials.getIdea(), MaterialsDirectory.LOG,
                materials.getExperimentalLog(), MaterialsDirectory.TEMPLATE, materials.getTemplate(),
                MaterialsDirectory.GUIDELINES, materials.getGuidelines());
        List<MaterialsProblem> kitProblems = kitProblems(materials, limits);
        if (!kitProblems.isEmpty()) {
            return new IntakeResult.Rejected<>(kitProblems);
        }
        return check((file, limit, problems) -> {
            ArtifactRef ref = refs.get(file);
            if (ref.getSizeBytes() > limit.bytes()) {
                problems.add(new MaterialsProblem(file, limit.tooLarge(ref.getSizeBytes())));
                return null;
            }
            if (ref.getSizeBytes() == 0) {
                problems.add(new MaterialsProblem(file, "is empty"));
                return null;
            }
            return blobs.get(ref);
        }, limits);
    }

    /**
     * The author kit of a job from any submitter, by its recorded names and sizes: as many files and as large as
     * the intake accepts, each under a relative plain path (the compile refuses the rest again).
     */
    private static List<MaterialsProblem> kitProblems(Materials materials, MaterialsLimits limits) {
        List<MaterialsProblem> problems = new ArrayList<>();
        SizeLimit limit = new SizeLimit(limits.maxTemplateFileSize().toBytes(), "po.materials.max-template-file-size");
        if (materials.getTemplateFiles().size() > limits.maxTemplateFiles()) {
            problems.add(new MaterialsProblem(MaterialsDirectory.TEMPLATE, "the template's kit has "
                    + materials.getTemplateFiles().size() + " files; at most " + limits.maxTemplateFiles()
                    + " are accepted (po.materials.max-template-files)"));
        }
        for (var file : materials.getTemplateFiles()) {
            if (!TemplateKit.safePath(file.getName())) {
                problems.add(new MaterialsProblem(file.getName(), "is not a kit file under a relative plain path"));
            } else if (file.getArtifact().getSizeBytes() > limit.bytes()) {
                problems.add(new MaterialsProblem(file.getName(), limit.tooLarge(file.getArtifact().getSizeBytes())));
            }
        }
        return problems;
    }

    private static @Nullable String text(MaterialsSource source, String file, SizeLimit limit,
            List<MaterialsProblem> problems) {
        byte[] bytes = source.read(file, limit, problems);
        return bytes == null ? null : MaterialsText.decode(file, bytes, problems);
    }

    private static @Nullable LatexTemplate template(String text, List<MaterialsProblem> problems) {
        try {
            return LatexTemplate.parse(text);
        } catch (InvalidMaterialsException e) {
            problems.add(new MaterialsProblem(MaterialsDirectory.TEMPLATE, e.problem()));
            return null;
        }
    }

    private static @Nullable Guidelines guidelines(String text, MaterialsLimits limits,
            List<MaterialsProblem> problems, List<String> notes) {
        Matcher statement = PAGE_LIMIT_STATEMENT.matcher(text);
        if (statement.find()) {
            String value = statement.group(1).replaceAll("[.,;]+$", "");
            String problem = pageLimitProblem(value, limits.maxPageLimit());
            if (problem != null) {
                problems.add(new MaterialsProblem(MaterialsDirectory.GUIDELINES, "states 'Page limit: " + value
                        + "'; " + problem));
                return null;
            }
        }
        Guidelines guidelines = Guidelines.parse(text);
        if (guidelines.pages() != null && (guidelines.pages() < 1 || guidelines.pages() > limits.maxPageLimit())) {
            problems.add(new MaterialsProblem(MaterialsDirectory.GUIDELINES, "states a page limit of "
                    + guidelines.pages() + guidelines.sentenceOf(Guidelines.Kind.PAGE_LIMIT, guidelines.pages()
                            .toString()).map(sentence -> " (" + GuidelinesReading.quoted(sentence) + ")").orElse("")
                    + "; " + pageLimitProblem(guidelines.pages().toString(), limits.maxPageLimit())));
            return null;
        }
        // what was read, and from which sentence, so a misreading shows before anything runs
        guidelines.describe().forEach(line -> notes.add(MaterialsDirectory.GUIDELINES + ": " + line));
        return guidelines;
    }

    /** Why a page limit as written cannot be used, or null when it can. */
    static @Nullable String pageLimitProblem(String value, int max) {
        if (!value.matches("[-+]?\\d{1,9}")) {
            return "a page limit must be a whole number of pages, 1 to " + max;
        }
        int pages = Integer.parseInt(value);
        return pages >= 1 && pages <= max ? null
                : "a page limit must be 1 to " + max + " pages (po.materials.max-page-limit)";
    }

    /** Paragraphs every Markdown reading takes as plain text, their emphasis marks beyond the budget. */
    private static void flattenedEmphasis(String file, @Nullable String markdown, List<String> notes) {
        if (markdown != null) {
            EmphasisBudget.flattened(markdown).forEach(paragraph -> notes.add(paragraph.message(file)));
        }
    }

    private static List<MarkdownTable> tables(String log, MaterialsLimits limits, List<MaterialsProblem> problems,
            List<String> notes) {
        String file = MaterialsDirectory.LOG;
        List<MarkdownTables.RaggedRow> ragged = new ArrayList<>();
        List<MarkdownTable> tables = MarkdownTables.parse(log, ragged);
        if (tables.size() > limits.maxTables()) {
            problems.add(new MaterialsProblem(file, "has " + tables.size() + " tables; at most " + limits.maxTables()
                    + " are accepted (po.materials.max-tables)"));
            return List.of();
        }
        boolean bounded = true;
        for (MarkdownTable table : tables) {
            if (table.rows().size() > limits.maxTableRows()) {
                problems.add(new MaterialsProblem(file, "table '" + table.caption() + "' has " + table.rows().size()
                        + " rows; at most " + limits.maxTableRows() + " are accepted (po.materials.max-table-rows): "
                        + "summarise it, a paper's table cannot show them all"));
                bounded = false;
            }
            if (table.header().size() > limits.maxTableColumns()) {
                problems.add(new MaterialsProblem(file, "table '" + table.caption() + "' has " + table.header().size()
                        + " columns; at most " + limits.maxTableColumns() + " are accepted "
                        + "(po.materials.max-table-columns)"));
                bounded = false;
            }
        }
        if (!bounded) {
            return List.of();
        }
        if (tables.isEmpty()) {
            notes.add(file + ": has no markdown table; the paper will have no plots and no result tables");
            return tables;
        }
        ragged.stream().map(MarkdownTables.RaggedRow::table).distinct().forEach(index -> {
            List<MarkdownTables.RaggedRow> rows = ragged.stream().filter(r -> r.table() == index).toList();
            notes.add(file + ": table '" + tables.get(index).caption() + "' has rows whose cell count differs from "
                    + "the header's " + rows.getFirst().header() + " (rows " + String.join(", ", rows.stream()
                            .map(r -> r.row() + ": " + r.cells()).toList())
                    + "); missing cells are left empty and extra cells dropped");
        });
        for (MarkdownTable table : tables) {
            Set<String> nonFinite = nonFiniteColumns(table);
            if (!nonFinite.isEmpty()) {
                notes.add(file + ": table '" + table.caption() + "' has NaN or infinite values in column(s) "
                        + String.join(", ", nonFinite) + "; those columns are not plotted, the cells are kept as written");
            }
            if (!table.isNumeric()) {
                notes.add(file + ": table '" + table.caption() + "' has no column of numbers; it is not plotted");
            }
        }
        if (tables.stream().noneMatch(MarkdownTable::isNumeric)) {
            notes.add(file + ": no table has a column of numbers; the paper will have no plots");
        }
        return tables;
    }

    private static Set<String> nonFiniteColumns(MarkdownTable table) {
        Set<String> columns = new LinkedHashSet<>();
        for (List<String> row : table.rows()) {
            for (int c = 1; c < row.size(); c++) {
                String cell = MarkdownText.plain(row.get(c)).strip().toLowerCase(Locale.ROOT);
                String unsigned = cell.startsWith("-") || cell.startsWith("+") || cell.startsWith("−")
                        ? cell.substring(1) : cell;
                if (NON_FINITE.contains(unsigned)) {
                    columns.add("'" + table.header().get(c) + "'");
                }
            }
        }
        return columns;
    }
}
