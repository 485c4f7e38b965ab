package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Finds the section a point concerns, by rules in this order: a section the reviewer names by number
 * ("Section 3", "Sec. 3", "§3") or by title ("the related work"); the section a kind belongs in (a missing
 * citation in the related work, a missing comparison in the experiments); the section sharing most content words
 * with the point (at least two); a missing detail nothing else places goes to the experiments, where setups are.
 */
final class SectionLocator {

    private static final Pattern NUMBERED = Pattern.compile("(?i)(?:section|sec\\.|§)\\s*(\\d{1,2})(?![.\\d])");
    private static final int LEAST_SHARED = 2;

    private SectionLocator() {
    }

    static @Nullable String locate(String quote, PointKind kind, List<PaperSections.Section> sections) {
        Matcher numbered = NUMBERED.matcher(quote);
        if (numbered.find()) {
            int number = Integer.parseInt(numbered.group(1));
            if (number >= 1 && number <= sections.size()) {
                return sections.get(number - 1).title();
            }
        }
        String lower = quote.toLowerCase(Locale.ROOT);
        for (PaperSections.Section section : sections) {
            String title = section.title().toLowerCase(Locale.ROOT).strip();
            String singular = title.endsWith("s") ? title.substring(0, title.length() - 1) : title;
            if (!singular.isBlank() && lower.contains(singular)) {
                return section.title();
            }
        }
        Optional<String> byKind = switch (kind) {
            case MISSING_CITATION -> titled(sections, SectionRole.RELATED_WORK)
                    .or(() -> titled(sections, SectionRole.BACKGROUND))
                    .or(() -> titled(sections, SectionRole.INTRODUCTION));
            case MISSING_EXPERIMENT -> titled(sections, SectionRole.EXPERIMENTS);
            default -> Optional.empty();
        };
        if (byKind.isPresent()) {
            return byKind.get();
        }
        String best = null;
        int most = LEAST_SHARED - 1;
        for (PaperSections.Section section : sections) {
            int shared = Terms.shared(quote, section.title() + " " + section.body());
            if (shared > most) {
                most = shared;
                best = section.title();
            }
        }
        if (best == null && kind == PointKind.MISSING_DETAIL) {
            return titled(sections, SectionRole.EXPERIMENTS).orElse(null);
        }
        return best;
    }

    private static Optional<String> titled(List<PaperSections.Section> sections, SectionRole role) {
        return sections.stream().map(PaperSections.Section::title).filter(t -> SectionRole.of(t) == role).findFirst();
    }
}
