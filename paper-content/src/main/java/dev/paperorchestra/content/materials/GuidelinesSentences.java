package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Guidelines markdown as the sentences a reader sees: wrapped lines joined, each heading, bullet and table row
 * its own unit, units split at sentence ends (not after "Nov." or "e.g."), markdown emphasis removed. A table
 * row reads as "Key: value" (two columns) or "Header: cell, Header: cell", so a "Page limit | 8" row is read
 * like the sentence "Page limit: 8".
 */
final class GuidelinesSentences {

    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*+•]|\\d{1,2}[.)])\\s+(.*)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\s*\\|.*\\|\\s*$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s*\\|?[\\s:|-]+\\|?\\s*$");
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?][\"')\\]]*\\s+(?=[\"'(\\[]?[A-Z0-9])");
    private static final Set<String> ABBREVIATIONS = Set.of("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
            "sept", "oct", "nov", "dec", "e.g", "i.e", "etc", "vs", "fig", "figs", "sec", "no", "approx", "cf", "al",
            "eq", "pp", "incl", "resp", "max", "min", "dr", "mr", "ms", "st", "vol");

    /** No real sentence is longer; a longer run of text without sentence ends is read in pieces this long. */
    static final int LONGEST = 1_000;

    private GuidelinesSentences() {
    }

    static List<String> of(String markdown) {
        List<String> sentences = new ArrayList<>();
        StringBuilder unit = new StringBuilder();
        List<List<String>> table = new ArrayList<>();
        for (String line : markdown.replace("\r", "").split("\n", -1)) {
            if (TABLE_ROW.matcher(line).matches()) {
                flush(unit, sentences);
                if (!TABLE_RULE.matcher(line).matches()) {
                    table.add(cells(line));
                }
                continue;
            }
            flushTable(table, sentences);
            Matcher heading = HEADING.matcher(line);
            Matcher bullet = BULLET.matcher(line);
            if (line.isBlank()) {
                flush(unit, sentences);
            } else if (heading.matches()) {
                flush(unit, sentences);
                unit.append(heading.group(1));
                flush(unit, sentences);
            } else if (bullet.matches()) {
                flush(unit, sentences);
                unit.append(bullet.group(1).strip());
            } else {
                unit.append(unit.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        flushTable(table, sentences);
        flush(unit, sentences);
        return sentences;
    }

    private static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(MarkdownText.plain(cell).strip());
        }
        return cells;
    }

    /** A key-value table reads "Key: value"; a table whose header names pages or limits reads "Header: cell". */
    private static void flushTable(List<List<String>> table, List<String> sentences) {
        if (table.isEmpty()) {
            return;
        }
        List<String> header = table.getFirst();
        boolean headed = header.stream().anyMatch(cell -> cell.toLowerCase(Locale.ROOT)
                .matches(".*\\b(page|pages|limit|length|deadline|date)\\b.*"));
        for (List<String> row : table.subList(headed ? 1 : 0, table.size())) {
            List<String> parts = new ArrayList<>();
            if (headed || row.size() != 2) {
                for (int c = 0; c < row.size(); c++) {
                    String name = headed && c < header.size() ? header.get(c) : "";
                    if (!row.get(c).isBlank()) {
                        parts.add(name.isBlank() ? row.get(c) : name + ": " + row.get(c));
                    }
                }
                sentences.add(String.join(", ", parts));
            } else {
                sentences.add(row.get(0) + ": " + row.get(1));
            }
        }
        table.clear();
    }

    private static void flush(StringBuilder unit, List<String> sentences) {
        String text = MarkdownText.plain(unit.toString()).replaceAll("\\s+", " ").strip();
        unit.setLength(0);
        if (text.isEmpty()) {
            return;
        }
        int start = 0;
        Matcher end = SENTENCE_END.matcher(text);
        while (end.find()) {
            int wordStart = Math.max(start, text.lastIndexOf(' ', end.start() - 1) + 1);
            String lastWord = text.substring(wordStart, end.start()).replaceFirst("^[(\\[\"']+", "")
                    .toLowerCase(Locale.ROOT);
            if (text.charAt(end.start()) == '.' && (ABBREVIATIONS.contains(lastWord) || lastWord.matches("[a-z]"))) {
                continue;
            }
            add(text.substring(start, end.end()).strip(), sentences);
            start = end.end();
        }
        add(text.substring(start).strip(), sentences);
    }

    /** Adds a sentence, cut into pieces of at most {@link #LONGEST} characters so reading it stays linear. */
    private static void add(String sentence, List<String> sentences) {
        String rest = sentence;
        while (rest.length() > LONGEST) {
            int cut = rest.lastIndexOf(' ', LONGEST);
            cut = cut <= 0 ? LONGEST : cut;
            sentences.add(rest.substring(0, cut));
            rest = rest.substring(cut).strip();
        }
        if (!rest.isEmpty()) {
            sentences.add(rest);
        }
    }
}
