package dev.paperorchestra.model.tex;

import java.util.List;

/**
 * One package a {@code \\usepackage} or {@code \RequirePackage} loads.
 *
 * @param name    the package, e.g. {@code amsmath}
 * @param options the options given to the command
 * @param command the command, which may load several packages
 */
public record PackageUse(String name, List<String> options, TexCommand command) {

    public PackageUse {
        options = List.copyOf(options);
    }
}
