package dev.paperorchestra.bench.simulate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The peak resident set of this JVM (Linux's VmHWM), or -1 where /proc is not there. */
final class PeakMemory {

    private PeakMemory() {
    }

    static long rssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
