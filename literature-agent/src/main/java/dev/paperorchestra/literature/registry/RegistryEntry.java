package dev.paperorchestra.literature.registry;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One citable paper of the pool.
 *
 * @param key     its unique cite key
 * @param record  the verified metadata
 * @param foundBy the accepted candidates that resolved to it (one per query that found it)
 */
public record RegistryEntry(String key, ScholarRecord record, List<Candidate> foundBy) {

    public RegistryEntry {
        foundBy = List.copyOf(foundBy);
    }

    /** The distinct queries that found the paper, sorted so the map does not depend on arrival order. */
    public List<String> queries() {
        return List.copyOf(new TreeSet<>(foundBy.stream().map(Candidate::getQuery).toList()));
    }

    /** The related-work clusters whose queries found the paper. */
    public Set<String> clusters() {
        return new TreeSet<>(foundBy.stream().map(Candidate::getClusterTitle).filter(Objects::nonNull).toList());
    }
}
