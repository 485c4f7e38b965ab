package dev.paperorchestra.model.tex;

import java.util.List;

/**
 * A float (figure, table, teaser, algorithm) with what it holds.
 *
 * @param environment the float's environment
 * @param captions    its {@code \caption} commands
 * @param labels      its {@code \label} commands
 * @param graphics    its {@code \includegraphics} commands
 */
public record TexFloat(TexEnvironment environment, List<TexCommand> captions, List<TexCommand> labels,
        List<TexCommand> graphics) {

    public TexFloat {
        captions = List.copyOf(captions);
        labels = List.copyOf(labels);
        graphics = List.copyOf(graphics);
    }

    public String name() {
        return environment.name();
    }

    public boolean isTable() {
        return name().startsWith("table") || name().equals("wraptable") || name().equals("sidewaystable");
    }
}
