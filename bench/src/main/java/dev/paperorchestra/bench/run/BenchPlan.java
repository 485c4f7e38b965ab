package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a bench run has to do, decided from the journal and the cases as they are now, before any deployment
 * starts (so a run with nothing left starts none). A case is the same case only when its {@link CaseDigest}
 * matches the one its last entry recorded: a changed case runs again as a new attempt, or with
 * {@code keepStale} keeps its old result, reported as stale.
 *
 * @param todo     cases to submit or re-attach, in dataset order
 * @param stale    cases whose materials or options changed since their result, kept with --keep-stale
 * @param digests  every case's digest now, by name
 * @param previous the finished cases this run leaves as they are, by state
 */
public record BenchPlan(List<Step> todo, List<String> stale, Map<String, String> digests,
        Map<CaseState, Integer> previous) {

    /** Why a case is in the plan. */
    public enum Why {
        NEW, RESUME, RETRY, CHANGED
    }

    /** One case to run; {@code previous} is its last journal entry, if any. */
    public record Step(BenchCase benchCase, Why why, @Nullable CaseEntry previous) {
    }

    public BenchPlan {
        todo = List.copyOf(todo);
        stale = List.copyOf(stale);
        digests = Map.copyOf(digests);
        previous = Map.copyOf(previous);
    }

    /** Nothing to submit and nothing in flight: the results can be rebuilt without a deployment. */
    public boolean idle() {
        return todo.isEmpty();
    }

    /**
     * @param options the case's job options as text, throwing for an invalid case (its reason is digested instead)
     */
    public static BenchPlan of(Dataset dataset, BenchJournal journal, boolean retryFailed, boolean keepStale,
            Function<BenchCase, String> options) {
        List<Step> todo = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        Map<String, String> digests = new LinkedHashMap<>();
        Map<CaseState, Integer> previous = new LinkedHashMap<>();
        for (BenchCase benchCase : dataset.cases()) {
            String digest = digest(benchCase, options);
            digests.put(benchCase.name(), digest);
            Optional<CaseEntry> latest = journal.latest(benchCase.name());
            if (latest.isEmpty()) {
                todo.add(new Step(benchCase, Why.NEW, null));
                continue;
            }
            CaseEntry entry = latest.get();
            boolean changed = !digest.equals(entry.digest());
            if (changed && !keepStale) {
                todo.add(new Step(benchCase, Why.CHANGED, entry));
            } else if (!entry.state().finished()) {
                todo.add(new Step(benchCase, Why.RESUME, entry));
            } else if (entry.state().retriable() && retryFailed) {
                todo.add(new Step(benchCase, Why.RETRY, entry));
            } else {
                if (changed) {
                    stale.add(benchCase.name());
                }
                previous.merge(entry.state(), 1, Integer::sum);
            }
        }
        return new BenchPlan(todo, stale, digests, previous);
    }

    private static String digest(BenchCase benchCase, Function<BenchCase, String> options) {
        String shaping;
        try {
            shaping = options.apply(benchCase);
        } catch (RuntimeException e) {
            shaping = "invalid: " + e.getMessage();
        }
        try {
            return CaseDigest.of(benchCase, shaping);
        } catch (RuntimeException e) {
            return "unreadable: " + e.getMessage();
        }
    }
}
