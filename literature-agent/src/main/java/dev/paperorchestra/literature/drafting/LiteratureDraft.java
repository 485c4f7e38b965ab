package dev.paperorchestra.literature.drafting;

import java.util.List;
import java.util.Set;

/**
 * A template with its literature sections written.
 *
 * @param latex    the whole document
 * @param sections the titles of the sections written (none when the template has neither)
 * @param cited    the cite keys the written sections use
 */
public record LiteratureDraft(String latex, List<String> sections, Set<String> cited) {

    public LiteratureDraft {
        sections = List.copyOf(sections);
        cited = Set.copyOf(cited);
    }
}
