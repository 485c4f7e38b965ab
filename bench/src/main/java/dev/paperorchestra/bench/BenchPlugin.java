package dev.paperorchestra.bench;

import dev.paperorchestra.bench.simulate.SimulateCommand;
import dev.paperorchestra.bench.simulate.StubsCommand;
import dev.paperorchestra.cli.PoPlugin;
import java.util.List;

/** Adds {@code po bench}, {@code po simulate} and the hidden {@code po stubs} (scripts/chaos, prometheus-proof). */
public final class BenchPlugin implements PoPlugin {

    @Override
    public List<Object> subcommands() {
        return List.of(new BenchCommand(), new SimulateCommand(), new StubsCommand());
    }
}
