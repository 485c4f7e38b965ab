package dev.paperorchestra.cli;

import java.util.List;

/**
 * Subcommands another module adds to {@code po}, found with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/dev.paperorchestra.cli.PoPlugin} entry): the bench and the load simulation join the
 * command this way, so the cli compiles without them and the runnable jar (po-app) carries them.
 */
public interface PoPlugin {

    /** picocli command objects, each annotated with its {@code @Command} name. */
    List<Object> subcommands();
}
