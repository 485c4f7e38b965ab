// Submits papers to a running deployment (a broker and separately started agents) and waits for each
// outcome: the paper load of scripts/prometheus-proof and of each wave of scripts/chaos. Run with the cli jar's
// classes on the class path (java -cp ... ProofPapers.java BOOTSTRAP BLOB_ROOT TIMEOUT_SECONDS ID=MATERIALS...);
// a paper is offline unless its argument starts with "model:" (model:ID=MATERIALS, for the agents' configured
// model). Prints one line per paper: "<id> completed", "<id> failed <stage>: <reason>", "<id> cancelled:
// <reason>" or "<id> timed-out <stage>".
// Exit 0 when every paper reached an outcome (completed or failed), 1 when one timed out.
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PaperWatcher;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class ProofPapers {

    private static final Pattern CUTOFF = Pattern.compile("\"cutoffDate\"\\s*:\\s*\"(\\d{4}-\\d{2})(-\\d{2})?\"");

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        LocalBlobStore blobs = new LocalBlobStore(Path.of(args[1]));
        Duration timeout = Duration.ofSeconds(Long.parseLong(args[2]));
        Map<String, Path> papers = new LinkedHashMap<>();
        Map<String, LlmMode> modes = new LinkedHashMap<>();
        for (int i = 3; i < args.length; i++) {
            boolean model = args[i].startsWith("model:");
            String[] pair = args[i].substring(model ? "model:".length() : 0).split("=", 2);
            papers.put(pair[0], Path.of(pair[1]).toAbsolutePath());
            modes.put(pair[0], model ? LlmMode.MODEL : LlmMode.OFFLINE);
        }
        KafkaClientProperties kafka = KafkaClientProperties.of(bootstrap);
        try (PaperSubmitter submitter = new PaperSubmitter(kafka.common(), blobs, "prometheus-proof")) {
            for (Map.Entry<String, Path> paper : papers.entrySet()) {
                submitter.submit(MaterialsDirectory.upload(paper.getValue(), paper.getKey(),
                        options(paper.getValue(), modes.get(paper.getKey())), blobs, Instant.now()));
                System.out.println(paper.getKey() + " submitted");
            }
        }
        int timedOut = 0;
        for (String id : papers.keySet()) {
            // one watcher per paper: a watcher skips the records of other papers it reads while waiting
            try (PaperWatcher watcher = new PaperWatcher(kafka, Clock.systemUTC())) {
                switch (watcher.await(id, timeout, status -> { })) {
                    case PaperOutcome.Completed completed -> System.out.println(id + " completed");
                    case PaperOutcome.Failed failed ->
                            System.out.println(id + " failed " + failed.stage() + ": " + failed.reason());
                    case PaperOutcome.Cancelled cancelled -> System.out.println(id + " cancelled: " + cancelled.reason());
                    case PaperOutcome.TimedOut late -> {
                        System.out.println(id + " timed-out " + late.lastStage());
                        timedOut++;
                    }
                }
            }
        }
        System.exit(timedOut == 0 ? 0 : 1);
    }

    /** One refinement iteration, the cutoff of the materials' job.json when it has one. */
    private static JobOptions options(Path materials, LlmMode mode) throws Exception {
        Path job = materials.resolve("job.json");
        String cutoff = null;
        if (Files.isRegularFile(job)) {
            Matcher m = CUTOFF.matcher(Files.readString(job));
            if (m.find()) {
                cutoff = m.group(1) + (m.group(2) == null ? "-01" : m.group(2));
            }
        }
        return JobOptions.newBuilder().setCutoffDate(cutoff).setRefineIterationLimit(1)
                .setLlmMode(mode).build();
    }
}
