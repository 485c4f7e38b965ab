package dev.paperorchestra.cli.state;

import dev.paperorchestra.runtime.kafka.PaperIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which paper id on this state directory stands for which materials and options (their digest), and how far
 * the paper got: {@code <state-dir>/papers/<id>} holds the digest and the last known state. Read and written only
 * under the {@link StateDirLock}.
 */
public final class PaperRegistry {

    /** How far a registered paper got, as this command last saw it. */
    public enum State { SUBMITTED, COMPLETED, FAILED }

    /** A registered paper. */
    public record Entry(String digest, State state) {
    }

    private final Path directory;

    public PaperRegistry(Path stateDir) {
        this.directory = stateDir.resolve("papers");
    }

    public Optional<Entry> find(String paperId) {
        Path file = file(paperId);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            State state = lines.size() > 1 ? State.valueOf(lines.get(1).strip()) : State.SUBMITTED;
            return Optional.of(new Entry(lines.isEmpty() ? "" : lines.getFirst().strip(), state));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("unreadable paper registry entry " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The unfinished papers (last seen {@link State#SUBMITTED}) made from these materials and options, sorted by id:
     * what a run without {@code --paper-id} names, so the user knows how to resume one instead of starting over.
     */
    public List<String> unfinished(String digest) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).filter(PaperIds::isValid).sorted()
                    .filter(id -> find(id).filter(entry -> entry.digest().equals(digest)
                            && entry.state() == State.SUBMITTED).isPresent())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the paper registry " + directory, e);
        }
    }

    public void record(String paperId, String digest, State state) {
        try {
            Files.createDirectories(directory);
            Files.writeString(file(paperId), digest + "\n" + state.name() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record paper " + paperId + " in " + directory, e);
        }
    }

    private Path file(String paperId) {
        return directory.resolve(PaperIds.requireValid(paperId));
    }
}
