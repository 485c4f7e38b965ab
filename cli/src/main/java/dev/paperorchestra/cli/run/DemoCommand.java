package dev.paperorchestra.cli.run;

import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code po demo}: {@code po run --offline} on a bundled example. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run a bundled example in offline mode (no model, no network).")
public class DemoCommand implements Callable<Integer> {

    static final String DEFAULT_EXAMPLE = "cvpr-sparse-depth";

    @Option(names = "--example", defaultValue = DEFAULT_EXAMPLE,
            description = "Example under examples/: cvpr-sparse-depth (two-column) or iclr-adaptive-optim (single-column). Default: ${DEFAULT-VALUE}.")
    String example;

    @Option(names = "--out", defaultValue = "out", description = "Output root (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--state-dir", defaultValue = "${env:PO_STATE_DIR:-.po-state}", description = "State directory (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Override
    public Integer call() {
        Path examples = Path.of(System.getProperty("po.home", ".")).resolve("examples");
        Path materials = examples.resolve(example);
        if (!Files.isDirectory(materials)) {
            System.err.println("po: no example '" + example + "' under " + examples.toAbsolutePath());
            return RunCommand.BAD_INPUT;
        }
        List<String> args = new ArrayList<>(List.of(materials.toString(), "--offline", "--out", out.toString(),
                "--state-dir", stateDir.toString()));
        if (Executables.find(System.getenv().getOrDefault(RunCommand.LATEXMK_ENV, "latexmk")).isEmpty()) {
            // the demo shows the pipeline; without TeX it still writes every other output
            args.add("--no-pdf");
        }
        if (SandboxProperties.modeOf(System.getenv("PO_SANDBOX_MODE")) == SandboxProperties.Mode.AUTO
                && SandboxChoice.of(false, System.getenv()).refusal().isPresent()) {
            // the demo compiles only the project's own example, which reads nothing: it may go without bubblewrap
            System.out.println("note: bubblewrap cannot run here; the bundled example is compiled without it "
                    + "(po run refuses that for other materials unless told --no-sandbox)");
            args.add("--no-sandbox");
        }
        return new CommandLine(new RunCommand()).execute(args.toArray(String[]::new));
    }
}
