package dev.paperorchestra.bench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The outputs of a written paper as the pipeline leaves them, complete or failing the content gate. */
public final class WrittenPapers {

    public static final String CONTENT_FINDING = "the results section repeats the experimental log verbatim";

    private WrittenPapers() {
    }

    /** Writes paper.pdf and summary.json into {@code outputDir}; incomplete: the content gate failed. */
    public static Path write(Path outputDir, boolean complete) {
        try {
            Files.createDirectories(outputDir);
            Files.writeString(outputDir.resolve("paper.pdf"), "%PDF-1.5\n");
            Files.writeString(outputDir.resolve("summary.json"), """
                    {"mode":"offline","paperId":"%s","compile":{"status":"COMPILED","message":"ok","pages":9},
                     "writerGates":{"passed":%s,"gates":[{"gate":"numeric","passed":true,"findings":[]},
                       {"gate":"content","passed":%s,"findings":[%s]}],"mainTextPages":8,"pageLimit":8},
                     "checks":[{"name":"page-limit","passed":true,"detail":"8 of 8"}],
                     "literature":{"verified":3,"poolSize":3,"citationsUsed":3},"figures":1,"tables":1}
                    """.formatted(outputDir.getFileName(), complete, complete, complete ? "" : "\"" + CONTENT_FINDING + "\""));
            return outputDir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
