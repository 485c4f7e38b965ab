package dev.paperorchestra.outline.plan;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the offline outliner takes from experimental_log.md besides its tables: the setup's names and the
 * results grouped the way the log groups them (tables under one {@code ## Ablations} heading form one
 * experiments subsection; when one heading holds every table, each table is its own group), plus sections of
 * notes without tables, each with the statements the author wrote. The log is read by the paper model
 * ({@link MarkdownDocument}), so bold-line and setext headings and every GFM table shape group alike.
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

    /** A heading the tables are grouped under; level -1 for a table standing on its own (its caption). */
    private record Heading(String title, int level) {
    }

    LogDigest {
        groups = List.copyOf(groups);
    }

    /**
     * @param tables   the log's tables as the pipeline passes them (cells as written), in log order
     * @param ownNames names of the paper's own method, never taken for a setup name
     */
    static LogDigest parse(String log, List<MarkdownTable> tables, Set<String> ownNames) {
        MarkdownDocument document = MarkdownDocument.parse(log);
        List<MdSection> sections = document.sections();
        List<Integer> positions = tablePositions(document.blocks());
        Map<Heading, List<MarkdownTable>> grouped = new LinkedHashMap<>();
        for (MarkdownTable table : tables) {
            @Nullable Heading parent = positions.size() == tables.size()
                    ? parentOf(document.blocks(), positions.get(table.index()), table) : null;
            grouped.computeIfAbsent(parent == null ? new Heading(table.caption(), -1) : parent,
                    key -> new ArrayList<>()).add(table);
        }
        if (grouped.size() == 1 && tables.size() > 1) {
            grouped.clear();
            tables.forEach(table -> grouped.put(new Heading(table.caption(), -1), List.of(table)));
        }
        List<ResultGroup> groups = new ArrayList<>();
        grouped.forEach((heading, grouptables) -> groups.add(new ResultGroup(heading.title(), grouptables,
                observations(blocksOf(sections, heading), grouptables))));
        int top = sections.stream().mapToInt(MdSection::level).filter(level -> level > 1).min().orElse(2);
        int[] setup = SetupInventory.setupBlocks(document.blocks());
        Map<MdBlock, Integer> positionOf = positions(document.blocks());
        for (MdSection section : sections) {
            int at = positionOf.getOrDefault(section.heading(), -1);
            boolean inSetup = setup.length > 0 && at >= setup[0] && at < setup[1];
            if (section.level() == top && section.tables().isEmpty() && !inSetup
                    && !observations(section.blocks(), List.of()).isEmpty()
                    && groups.stream().noneMatch(group -> group.title().equals(section.title()))) {
                groups.add(new ResultGroup(section.title(), List.of(), observations(section.blocks(), List.of())));
            }
        }
        return new LogDigest(SetupInventory.parse(log, ownNames), groups);
    }

    /**
     * The heading a table's results are grouped under: above its caption heading, the nearest heading of a
     * higher level (not the document title); null when the table stands on its own.
     */
    private static @Nullable Heading parentOf(List<MdBlock> blocks, int position, MarkdownTable table) {
        int captionLevel = Integer.MAX_VALUE;
        boolean first = true;
        for (int i = position - 1; i >= 0; i--) {
            if (!(blocks.get(i) instanceof MdBlock.Heading heading)) {
                continue;
            }
            if (first && heading.title().equals(table.caption())) {
                captionLevel = heading.level();
                first = false;
                continue;
            }
            first = false;
            if (heading.level() < captionLevel) {
                return heading.level() > 1 ? new Heading(heading.title(), heading.level()) : null;
            }
        }
        return null;
    }

    /** The blocks under a heading; for a table on its own, under its caption heading. */
    private static List<MdBlock> blocksOf(List<MdSection> sections, Heading heading) {
        return sections.stream().filter(section -> section.title().equals(heading.title()))
                .filter(section -> heading.level() < 0 || section.level() == heading.level()).findFirst()
                .map(MdSection::blocks).orElse(List.of());
    }

    /** The first statements of a section that are not table captions. */
    private static List<String> observations(List<MdBlock> blocks, List<MarkdownTable> tables) {
        List<String> captions = tables.stream().map(MarkdownTable::caption).toList();
        return NotesText.statements(blocks).stream().filter(statement -> !statement.isBlank())
                .filter(statement -> !captions.contains(withoutColon(statement)))
                .map(statement -> statement.length() <= MAX_OBSERVATION_LENGTH ? statement
                        : statement.substring(0, MAX_OBSERVATION_LENGTH).strip() + "...")
                .limit(MAX_OBSERVATIONS).toList();
    }

    private static String withoutColon(String statement) {
        return statement.endsWith(":") ? statement.substring(0, statement.length() - 1) : statement;
    }

    /** Each block's place among the blocks, by identity: one pass, where a search per section was quadratic. */
    private static Map<MdBlock, Integer> positions(List<MdBlock> blocks) {
        Map<MdBlock, Integer> positions = new IdentityHashMap<>();
        for (int i = 0; i < blocks.size(); i++) {
            positions.putIfAbsent(blocks.get(i), i);
        }
        return positions;
    }

    /** Where each table stands among the document's blocks, in order. */
    private static List<Integer> tablePositions(List<MdBlock> blocks) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i) instanceof MdBlock.Table) {
                positions.add(i);
            }
        }
        return positions;
    }
}
