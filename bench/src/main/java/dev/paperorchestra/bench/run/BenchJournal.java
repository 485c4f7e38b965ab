package dev.paperorchestra.bench.run;

import dev.paperorchestra.base.json.Json;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BENCH_DIR/journal.jsonl: every state change of every case, appended and forced to disk before the run acts
 * on it, so a run killed at any instant leaves a journal from which the next run knows what was submitted.
 * The last line of a case wins. A line cut short by a kill is the only damage possible; it is skipped.
 */
public final class BenchJournal implements AutoCloseable {

    public static final String FILE = "journal.jsonl";
    private static final Logger log = LoggerFactory.getLogger(BenchJournal.class);

    /**
     * A stream, not a FileChannel: a channel is closed for good when a thread interrupted by Ctrl-C's orderly
     * stop writes to it, and the stop must still journal the papers it leaves running.
     */
    private final FileOutputStream channel;
    private final Map<String, CaseEntry> latest = new LinkedHashMap<>();

    private BenchJournal(FileOutputStream channel, Map<String, CaseEntry> replayed) {
        this.channel = channel;
        this.latest.putAll(replayed);
    }

    public static BenchJournal open(Path benchDir) {
        Path file = benchDir.resolve(FILE);
        Map<String, CaseEntry> replayed = new LinkedHashMap<>();
        try {
            Files.createDirectories(benchDir);
            if (Files.exists(file)) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    if (line.isBlank()) {
                        continue;
                    }
                    try {
                        CaseEntry entry = CaseEntry.fromJson(Json.mapper().readTree(line));
                        replayed.put(entry.caseName(), entry);
                    } catch (RuntimeException e) {
                        log.warn("journal {} line {} is unreadable (cut short by a kill?); skipped", file, i + 1);
                    }
                }
            }
            boolean cutShort = Files.exists(file) && Files.size(file) > 0 && !endsWithNewline(file);
            FileOutputStream channel = new FileOutputStream(file.toFile(), true);
            // a line cut short by a kill must not glue itself to the next one
            if (cutShort) {
                channel.write("\n".getBytes(StandardCharsets.UTF_8));
            }
            return new BenchJournal(channel, replayed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the bench journal " + file, e);
        }
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        try (FileChannel read = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            read.read(last, read.size() - 1);
            return last.get(0) == '\n';
        }
    }

    public synchronized void record(CaseEntry entry) {
        try {
            channel.write((entry.toJsonLine() + "\n").getBytes(StandardCharsets.UTF_8));
            channel.getFD().sync();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the bench journal", e);
        }
        latest.put(entry.caseName(), entry);
    }

    public synchronized Optional<CaseEntry> latest(String caseName) {
        return Optional.ofNullable(latest.get(caseName));
    }

    public synchronized Map<String, CaseEntry> all() {
        return Map.copyOf(latest);
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            log.warn("bench journal did not close cleanly: {}", e.getMessage());
        }
    }
}
