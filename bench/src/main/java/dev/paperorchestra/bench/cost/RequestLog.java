package dev.paperorchestra.bench.cost;

import dev.paperorchestra.base.json.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stand-in model server's request log, one JSON line per answered call: the model, the step it was for
 * (as the scripted model tells it), when, the prompt's tokens and its chunk hash chain ({@link PromptChunks}). It holds no prompt text and no header, so no key and
 * no paper's words; {@link PrefixShare} reads it.
 */
public final class RequestLog implements AutoCloseable {

    private final BufferedWriter out;

    public RequestLog(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    public void append(String model, Instant at, PromptChunks prompt) {
        append(model, null, at, prompt);
    }

    /** @param step what the call was for, as the stand-in tells it (outline, write, review...); null when unknown */
    public synchronized void append(String model, @Nullable String step, Instant at, PromptChunks prompt) {
        ObjectNode line = Json.mapper().createObjectNode().put("model", model);
        if (step != null) {
            line.put("step", step);
        }
        line.put("time", at.toString()).put("tokens", prompt.tokens());
        var chunks = line.putArray("chunks");
        prompt.chain().forEach(chunks::add);
        try {
            out.write(line.toString());
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the request log", e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
