package dev.paperorchestra.runtime.sandbox;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Finds a command the way a shell would: a path as given, a bare name on PATH. */
public final class Executables {

    private Executables() {
    }

    public static Optional<Path> find(String command) {
        if (command.contains("/") || command.contains(File.separator)) {
            Path path = Path.of(command);
            return Files.isRegularFile(path) && Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        String pathVariable = System.getenv().getOrDefault("PATH", "");
        for (String entry : pathVariable.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            for (String name : List.of(command, command + ".exe")) {
                Path candidate = Path.of(entry).resolve(name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
