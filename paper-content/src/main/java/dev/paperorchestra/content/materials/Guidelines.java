package dev.paperorchestra.content.materials;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the agents read from conference_guidelines.md.
 *
 * @param pages              the page limit of the main text, or null when none is stated
 * @param mandatorySections  the sections the guidelines require, lower case, e.g. ["introduction", "related
 *                           work"]; "abstract" when an abstract is required; empty when none are named
 * @param submissionDeadline the full-paper submission deadline, or null when none is stated
 */
public record Guidelines(@Nullable Integer pages, List<String> mandatorySections,
        @Nullable LocalDate submissionDeadline) {

    private static final Pattern PAGE_LIMIT = Pattern.compile("(?i)page\\s+limit\\s*[:\\-]?\\s*\\**\\s*(\\d{1,2})");
    /** A bullet or sentence listing sections: "Introduction, related work, method ... sections". */
    private static final Pattern SECTION_LIST = Pattern.compile("(?im)^[-*\\s]*(.+?)\\s+sections\\b");
    private static final Pattern ABSTRACT = Pattern.compile("(?i)\\babstract\\b");
    private static final Pattern MANDATORY_HEADING = Pattern.compile("(?im)^#+\\s*(mandatory|required)\\b.*$");
    private static final Pattern HEADING = Pattern.compile("(?m)^#+\\s");
    private static final Pattern DEADLINE = Pattern.compile(
            "(?im)^.*?(?:full\\s+)?(?:paper\\s+)?submission\\s+deadline\\W*(\\d{4}-\\d{2}-\\d{2})");

    public Guidelines {
        mandatorySections = List.copyOf(mandatorySections);
    }

    public static Guidelines parse(String markdown) {
        Matcher limit = PAGE_LIMIT.matcher(markdown);
        Integer pages = limit.find() ? Integer.parseInt(limit.group(1)) : null;
        return new Guidelines(pages, mandatorySections(markdown), deadline(markdown));
    }

    public Optional<Integer> pageLimit() {
        return Optional.ofNullable(pages);
    }

    public Optional<LocalDate> deadline() {
        return Optional.ofNullable(submissionDeadline);
    }

    private static List<String> mandatorySections(String markdown) {
        String part = mandatoryPart(markdown);
        List<String> sections = new ArrayList<>();
        if (ABSTRACT.matcher(part).find()) {
            sections.add("abstract");
        }
        Matcher list = SECTION_LIST.matcher(part);
        if (list.find()) {
            for (String name : list.group(1).split(",|\\band\\b|;")) {
                String cleaned = MarkdownText.plain(name).strip().toLowerCase(Locale.ROOT).replaceAll("[.:]+$", "");
                if (!cleaned.isEmpty() && !sections.contains(cleaned)) {
                    sections.add(cleaned);
                }
            }
        }
        return sections;
    }

    /** The "Mandatory content" part when the guidelines have one; else nothing is taken as mandatory. */
    private static String mandatoryPart(String markdown) {
        Matcher heading = MANDATORY_HEADING.matcher(markdown);
        if (!heading.find()) {
            return "";
        }
        Matcher next = HEADING.matcher(markdown);
        int end = next.find(heading.end()) ? next.start() : markdown.length();
        return markdown.substring(heading.end(), end);
    }

    private static @Nullable LocalDate deadline(String markdown) {
        Matcher deadline = DEADLINE.matcher(markdown);
        while (deadline.find()) {
            if (deadline.group().toLowerCase(Locale.ROOT).contains("abstract")) {
                continue;
            }
            try {
                return LocalDate.parse(deadline.group(1));
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        return null;
    }
}
