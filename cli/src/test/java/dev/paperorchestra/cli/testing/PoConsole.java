package dev.paperorchestra.cli.testing;

import dev.paperorchestra.cli.PoCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * One {@code po} invocation in this JVM, as the command runs it, with what it printed on stdout and stderr (the
 * commands print to System.out and System.err, so both are captured for the call).
 *
 * @param exit the exit code
 * @param out  standard output
 * @param err  standard error
 */
public record PoConsole(int exit, String out, String err) {

    /** stdout and stderr together, for a failure message. */
    public String both() {
        return out + err;
    }

    /** Runs {@code po args...}; one call at a time, since System.out is swapped while it runs. */
    public static synchronized PoConsole run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        try (PrintStream capturedOut = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream capturedErr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(capturedOut);
            System.setErr(capturedErr);
            CommandLine po = PoCommand.commandLine();
            po.setOut(new PrintWriter(capturedOut, true));
            po.setErr(new PrintWriter(capturedErr, true));
            int exit = po.execute(args);
            return new PoConsole(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }
}
