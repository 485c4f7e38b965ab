package dev.paperorchestra.runtime.materials;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the agents read from conference_guidelines.md. */
public record Guidelines(Optional<Integer> pageLimit) {

    private static final Pattern PAGE_LIMIT = Pattern.compile("(?i)page\\s+limit\\s*[:\\-]?\\s*\\**\\s*(\\d{1,2})");

    public static Guidelines parse(String markdown) {
        Matcher matcher = PAGE_LIMIT.matcher(markdown);
        return new Guidelines(matcher.find() ? Optional.of(Integer.parseInt(matcher.group(1))) : Optional.empty());
    }
}
