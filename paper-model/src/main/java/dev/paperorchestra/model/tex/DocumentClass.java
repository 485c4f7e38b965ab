package dev.paperorchestra.model.tex;

import java.util.List;

/**
 * {@code \documentclass[options]{name}}.
 *
 * @param name    the class, e.g. {@code acmart}
 * @param options its options as written, in order, e.g. {@code [sigconf, review]}
 * @param command where it stands
 */
public record DocumentClass(String name, List<String> options, TexCommand command) {

    public DocumentClass {
        options = List.copyOf(options);
    }

    public boolean hasOption(String option) {
        return options.stream().anyMatch(written -> written.equals(option) || written.startsWith(option + "="));
    }
}
