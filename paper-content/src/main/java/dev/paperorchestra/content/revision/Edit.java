package dev.paperorchestra.content.revision;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One section-level change, traced to the point it answers (a line of edits.json).
 *
 * @param pointId  the point it answers
 * @param section  the title of the one section it changes
 * @param before   the passage of that section it replaces, verbatim; "" to add at the section's end
 * @param after    the new passage
 * @param evidence what the new passage rests on, verbatim
 * @param bibEntry a verified BibTeX entry the change needs added to references.bib, "" when none
 */
public record Edit(String pointId, String section, String before, String after, List<Evidence> evidence,
        String bibEntry) {

    private static final Pattern TRAILING_MARKERS = Pattern.compile("(?:\\s*^%po-input-(?:begin|end) [^\\n]*$)+\\s*\\z",
            Pattern.MULTILINE);

    public Edit {
        evidence = List.copyOf(evidence);
    }

    /**
     * The document with this edit applied, or empty when the section is missing or {@code before} is not in it
     * exactly once (the edit was made for another version of the text).
     */
    public Optional<String> applyTo(String tex) {
        Optional<PaperSections.Section> found = PaperSections.named(tex, section);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        String body = found.get().body();
        if (before.isEmpty()) {
            // before the marker lines of inlined files the body ends with, so the text lands in this section's file
            Matcher markers = TRAILING_MARKERS.matcher(body);
            String kept = markers.find() ? body.substring(0, markers.start()) : body;
            String trailing = body.substring(kept.stripTrailing().length());
            return Optional.of(found.get().replaceBody(tex, kept.stripTrailing() + "\n\n" + after.strip()
                    + (trailing.isEmpty() ? "\n" : trailing)));
        }
        int at = body.indexOf(before);
        if (at < 0 || body.indexOf(before, at + 1) >= 0) {
            return Optional.empty();
        }
        return Optional.of(found.get().replaceBody(tex, body.substring(0, at) + after
                + body.substring(at + before.length())));
    }
}
