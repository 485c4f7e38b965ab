package dev.paperorchestra.writer.compile;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading a pdfLaTeX log (paper.log): errors, page count, undefined citations and references. */
final class LatexLog {

    /** TeX breaks log lines at this width (max_print_line); a line this long continues on the next one. */
    private static final int WRAP = 79;
    private static final int MAX_ERRORS = 3;
    private static final Pattern FILE_LINE_ERROR = Pattern.compile("^[^\\s:]+:\\d+: .*");
    private static final Pattern PAGES = Pattern.compile("Output written on \\S+\\.pdf \\((\\d+) pages?");
    private static final Pattern UNDEFINED = Pattern.compile(
            "Warning: (Citation|Reference) [`']([^']*)' on page \\d+ undefined");

    private final List<String> lines;

    LatexLog(String log) {
        this.lines = unwrap(log);
    }

    /** The first error lines: "! ..." or, with -file-line-error, "./paper.tex:12: ...". */
    List<String> errors() {
        Set<String> errors = new LinkedHashSet<>();
        for (String line : lines) {
            if ((line.startsWith("!") || FILE_LINE_ERROR.matcher(line).matches())
                    && !line.contains("==> Fatal error occurred")) {
                errors.add(line.strip());
            }
            if (errors.size() == MAX_ERRORS) {
                break;
            }
        }
        return new ArrayList<>(errors);
    }

    Optional<Integer> pages() {
        for (String line : lines) {
            Matcher matcher = PAGES.matcher(line);
            if (matcher.find()) {
                return Optional.of(Integer.parseInt(matcher.group(1)));
            }
        }
        return Optional.empty();
    }

    List<String> undefinedCitationsAndReferences() {
        Set<String> warnings = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher matcher = UNDEFINED.matcher(line);
            while (matcher.find()) {
                warnings.add(matcher.group(1) + " `" + matcher.group(2) + "' undefined");
            }
        }
        return new ArrayList<>(warnings);
    }

    private static List<String> unwrap(String log) {
        List<String> joined = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : log.lines().toList()) {
            current.append(line);
            if (line.length() != WRAP) {
                joined.add(current.toString());
                current.setLength(0);
            }
        }
        if (!current.isEmpty()) {
            joined.add(current.toString());
        }
        return joined;
    }
}
