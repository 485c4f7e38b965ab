package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.ScholarRecord;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/** The local view of scholar-cache: the answers read back from the topic plus those this verifier added. */
public class InMemoryScholarCache implements ScholarCache {

    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    @Override
    public Optional<Answer> find(String source, String lookupKey) {
        return Optional.ofNullable(answers.get(source + " " + lookupKey));
    }

    @Override
    public void remember(String source, String lookupKey, @Nullable ScholarRecord record) {
        answers.put(source + " " + lookupKey, new Answer(record));
    }

    public int size() {
        return answers.size();
    }
}
