package dev.paperorchestra.outline.plan;

import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the offline outliner takes from experimental_log.md besides its tables: the setup's names and the
 * results grouped the way the log groups them (tables under one {@code ## Ablations} heading form one
 * experiments subsection; when one heading holds every table, each table is its own group), plus sections of
 * notes without tables, each with the statements the author wrote.
 *
 * @param setup  the setup's names
 * @param groups result groups in log order, then note sections
 */
record LogDigest(SetupInventory setup, List<ResultGroup> groups) {

    private static final int MAX_OBSERVATIONS = 3;
    private static final int MAX_OBSERVATION_LENGTH = 220;

    /**
     * @param title        the heading the tables stand under, or the caption of a table on its own, or the
     *                     heading of a section of notes
     * @param tables       its tables in log order (none for notes)
     * @param observations the author's statements about them, verbatim (shortened)
     */
    record ResultGroup(String title, List<MarkdownTable> tables, List<String> observations) {

        ResultGroup {
            tables = List.copyOf(tables);
            observations = List.copyOf(observations);
        }
    }

    private record Heading(String title, int level) {
    }

    LogDigest {
        groups = List.copyOf(groups);
    }

    /**
     * @param ownNames names of the paper's own method, never taken for a setup name
     */
    static LogDigest parse(String log, List<MarkdownTable> tables, Set<String> ownNames) {
        List<String> lines = log.lines().toList();
        List<Integer> starts = tableStarts(lines);
        List<Section> sections = MarkdownText.sections(log);
        Map<Heading, List<MarkdownTable>> grouped = new LinkedHashMap<>();
        for (MarkdownTable table : tables) {
            @Nullable Heading parent = starts.size() == tables.size()
                    ? parentOf(lines, starts.get(table.index()), table) : null;
            grouped.computeIfAbsent(parent == null ? new Heading(table.caption(), -1) : parent,
                    key -> new ArrayList<>()).add(table);
        }
        if (grouped.size() == 1 && tables.size() > 1) {
            grouped.clear();
            tables.forEach(table -> grouped.put(new Heading(table.caption(), -1), List.of(table)));
        }
        List<ResultGroup> groups = new ArrayList<>();
        grouped.forEach((heading, grouptables) -> groups.add(new ResultGroup(heading.title(), grouptables,
                observations(bodyOf(sections, heading), grouptables))));
        for (Section section : sections) {
            if (section.level() == 2 && !section.body().contains("|") && !SetupInventory.isSetupHeading(section.title())
                    && !observations(section.body(), List.of()).isEmpty()) {
                groups.add(new ResultGroup(section.title(), List.of(), observations(section.body(), List.of())));
            }
        }
        return new LogDigest(SetupInventory.parse(log, ownNames), groups);
    }

    /**
     * The heading a table's results are grouped under: above its caption heading, the nearest heading of a
     * higher level (not the document title); null when the table stands on its own.
     */
    private static @Nullable Heading parentOf(List<String> lines, int start, MarkdownTable table) {
        int captionLevel = Integer.MAX_VALUE;
        boolean first = true;
        for (int i = start - 1; i >= 0; i--) {
            int level = MarkdownLines.headingLevel(lines.get(i));
            if (level == 0) {
                continue;
            }
            String title = MarkdownText.plain(lines.get(i).strip().replaceFirst("^#+", ""));
            if (first && title.equals(table.caption())) {
                captionLevel = level;
                first = false;
                continue;
            }
            first = false;
            if (level < captionLevel) {
                return level > 1 ? new Heading(title, level) : null;
            }
        }
        return null;
    }

    /** The text under a heading; for a table on its own, under its caption heading. */
    private static String bodyOf(List<Section> sections, Heading heading) {
        return sections.stream().filter(section -> section.title().equals(heading.title()))
                .filter(section -> heading.level() < 0 || section.level() == heading.level()).findFirst()
                .map(Section::body).orElse("");
    }

    /** The first statements of a section that are not table rows, headings or captions. */
    private static List<String> observations(String body, List<MarkdownTable> tables) {
        List<String> statements = MarkdownLines.statements(body);
        List<String> captions = tables.stream().map(MarkdownTable::caption).toList();
        return statements.stream().filter(statement -> !statement.isBlank())
                .filter(statement -> !captions.contains(statement.replaceFirst(":$", "")))
                .map(statement -> statement.length() <= MAX_OBSERVATION_LENGTH ? statement
                        : statement.substring(0, MAX_OBSERVATION_LENGTH).strip() + "...")
                .limit(MAX_OBSERVATIONS).toList();
    }

    /** Line numbers where tables start, found the way {@code MarkdownTables} finds them. */
    private static List<Integer> tableStarts(List<String> lines) {
        List<Integer> starts = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (MarkdownLines.isTableRow(lines.get(i)) && i + 1 < lines.size()
                    && MarkdownLines.isTableSeparator(lines.get(i + 1))) {
                starts.add(i);
                i += 2;
                while (i < lines.size() && MarkdownLines.isTableRow(lines.get(i))) {
                    i++;
                }
            } else {
                i++;
            }
        }
        return starts;
    }
}
