package dev.paperorchestra.bench.cost;

import dev.paperorchestra.cli.run.RunCommand;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code po bench prefix-share LOG}: the prefix share of a stand-in request log ({@link PrefixShare}). */
@Command(name = "prefix-share", mixinStandardHelpOptions = true,
        description = "Read a request log of the stand-in model server (po stubs --request-log, po simulate "
                + "--request-log) and print the share of input tokens, in calls of 1,024 tokens or more, that begin "
                + "the same (in 128-token chunks) as an earlier call of the same model.")
public final class PrefixShareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LOG", description = "The request log (JSON lines).")
    Path log;

    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() throws IOException {
        PrefixShare share;
        try (var reader = Files.newBufferedReader(log)) {
            share = PrefixShare.read(reader, log.toString());
        } catch (NoSuchFileException e) {
            stderr.println("po bench prefix-share: no request log at " + log);
            return RunCommand.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            stderr.println("po bench prefix-share: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
        stdout.printf(Locale.ROOT, "%d calls, %d of 1,024 tokens or more with %d input tokens; %.1f%% of them in a "
                + "prefix an earlier call of the same model sent (%.1f%% in such prefixes of 1,024 tokens or "
                + "more, what OpenAI caches)%n", share.calls(), share.longCalls(), share.inputTokens(),
                100 * share.share(), 100 * share.cacheableShare());
        share.byStep().forEach((step, figures) -> stdout.printf(Locale.ROOT, "  %-18s %5d calls, %9d input tokens, "
                + "%.1f%% shared%n", step, figures.calls(), figures.inputTokens(), 100 * figures.share()));
        stdout.println(share.toJson());
        return 0;
    }
}
