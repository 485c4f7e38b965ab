// The outside world of scripts/prometheus-proof's model-mode paper: starts the simulation's scripted
// OpenAI-compatible model and Semantic Scholar / OpenAlex stub on loopback ports (SimulatedProviders, cli jar)
// with one synthetic paper's materials, writes their addresses as shell assignments to OUT_FILE, and serves
// until it is stopped (the proof's cleanup sends TERM).
// Run with the cli jar's classes on the class path: java -cp ... ProofProviders.java EXAMPLES MATERIALS OUT_FILE
import dev.paperorchestra.cli.simulate.SimulatedProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

public final class ProofProviders {

    public static void main(String[] args) throws Exception {
        // a time factor of 120: a model answer takes a second or two instead of minutes
        SimulatedProviders providers = SimulatedProviders.start(Path.of(args[0]), Path.of(args[1]), 1, 120);
        Runtime.getRuntime().addShutdownHook(new Thread(providers::close));
        Map.Entry<String, Path> paper = providers.papers().entrySet().iterator().next();
        Path out = Path.of(args[2]);
        Path partial = out.resolveSibling(out.getFileName() + ".partial");
        Files.writeString(partial, "MODEL_URL=" + providers.modelBaseUrl() + "\nSCHOLAR_URL=" + providers.scholarBaseUrl()
                + "\nMODEL_PAPER_ID=" + paper.getKey() + "\nMODEL_PAPER_MATERIALS=" + paper.getValue() + "\n");
        // renamed when complete, so the script never reads half a file
        Files.move(partial, out);
        Thread.currentThread().join();
    }
}
