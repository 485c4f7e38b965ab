package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.model.vocabulary.AbstractBounds;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The offline abstract: one paragraph of 80 to 250 words ({@link AbstractBounds#AIMED}), drawn from the idea: the
 * problem's opening and the gap it ends on, what the work contributes (its contributions in one sentence, else the
 * core idea's opening sentences), the headline of the first table that marks a best method, then more of the
 * problem, the core idea and the scope until the abstract has a usual length. The body then leaves out the sentences
 * the abstract took ({@link AbstractEcho}), so the introduction never opens with the abstract again.
 */
final class AbstractComposer {

    /** Inside the CONTENT gate's bounds with a margin ({@link AbstractBounds#AIMED}). */
    static final int FEWEST_WORDS = AbstractBounds.AIMED.fewestWords();
    static final int MOST_WORDS = AbstractBounds.AIMED.mostWords();
    private static final int CORE_SENTENCES = 1;
    /** Sentences a problem statement has before its last is taken as the gap too. */
    private static final int GAP_AFTER = 4;
    /** Words a sentence opens with when it refers back to the one before. */
    private static final java.util.Set<String> ANAPHORS = java.util.Set.of("this", "these", "that", "those",
            "their", "they", "it", "its", "such", "here", "thus", "hence", "however", "but");
    /** Words of a log heading over its setup (what was run, not what was found). */
    private static final List<String> SETUP = List.of("setup", "set-up", "set up", "baseline", "dataset", "metric",
            "hyperparameter", "hyper-parameter", "implementation", "protocol", "materials");
    private static final String[] ORDINALS = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii"};

    private AbstractComposer() {
    }

    /** The abstract in markdown (the caller converts it to LaTeX); empty when the idea gives no text at all. */
    static String compose(IdeaContent idea, List<MarkdownTable> tables) {
        return compose(idea, tables, "");
    }

    /**
     * @param log the experimental log: a short idea's abstract also states what the log observed (the results of
     *            an abstract), before the rest of the idea would leave the introduction and method without text
     */
    static String compose(IdeaContent idea, List<MarkdownTable> tables, String log) {
        List<String> problem = idea.problem().isEmpty()
                ? idea.abstractText().stream().limit(1).flatMap(text -> IdeaContent.sentences(text).stream()).toList()
                : idea.problem();
        List<String> core = idea.core().isEmpty() && idea.problem().isEmpty()
                ? idea.abstractText().stream().skip(1).flatMap(text -> IdeaContent.sentences(text).stream()).toList()
                : idea.core();
        Parts parts = new Parts();
        if (!problem.isEmpty()) {
            parts.problem.add(problem.getFirst());
            // a sentence that refers back ("Their ...", "This ...") goes with the one it refers to, or the
            // introduction, which leaves out the abstract's sentences, would open on a dangling reference
            for (int i = 1; i < problem.size() - 1 && refersBack(problem.get(i)); i++) {
                parts.problem.add(problem.get(i));
            }
            // the problem's first paragraph usually ends on what is missing: the gap the work fills
            List<String> opening = idea.abstractText().isEmpty() ? problem
                    : IdeaContent.sentences(idea.abstractText().getFirst());
            // (a short statement keeps its ending for the introduction, which would be left with one sentence)
            if (opening.size() >= GAP_AFTER && problem.contains(opening.getLast())) {
                parts.problem.add(opening.getLast());
            }
        }
        contributions(idea.contributions()).ifPresentOrElse(parts.method::add,
                () -> core.stream().limit(CORE_SENTENCES).forEach(parts.method::add));
        tables.stream().map(TableFindings::headline).flatMap(Optional::stream).findFirst().ifPresent(parts.result::add);
        // fitted to the length: cut from the end when long, filled from the idea's own text when short
        while (parts.words() > MOST_WORDS && parts.dropLast()) {
            // dropped
        }
        if (parts.words() < FEWEST_WORDS && !tables.isEmpty()) {
            // what the experiments measured, in one sentence of its own (the body says it table by table)
            parts.addFitting(parts.result, "The experiments report " + Sentences.series(tables.stream()
                    .map(table -> Sentences.continuing(LogCaptions.clean(table.caption()))).distinct().toList()) + ".");
        }
        // then the idea's own text; at most half of a section, so that the introduction, the method and the
        // conclusion (which leave out what the abstract took) keep the rest of it
        for (List<String> source : List.of(core, idea.scope(), idea.significance(), problem)) {
            int most = Math.max(source == core || source == problem ? 1 : 0, source.size() / 2);
            for (String sentence : source) {
                if (parts.words() >= FEWEST_WORDS || parts.taken(source) >= most) {
                    break;
                }
                parts.addFitting(source == problem ? parts.problem : parts.more, sentence);
            }
        }
        if (parts.words() < FEWEST_WORDS) {
            for (String observation : observations(log)) {
                if (parts.words() >= FEWEST_WORDS) {
                    break;
                }
                parts.addFitting(parts.result, observation);
            }
        }
        return Sentences.join(parts.inOrder(problem));
    }

    /** The log's statements about its results: bullets and sentences outside its setup, tables left out. */
    static List<String> observations(String log) {
        List<String> found = new ArrayList<>();
        boolean setup = false;
        int setupLevel = 0;
        StringBuilder chunk = new StringBuilder();
        for (String line : (log + "\n# end").lines().toList()) {
            int level = MarkdownLines.headingLevel(line);
            if (level == 0) {
                if (!MarkdownLines.isTableRow(line)) {
                    chunk.append(line).append('\n');
                }
                continue;
            }
            if (!setup) {
                MarkdownText.bullets(chunk.toString()).forEach(found::add);
            }
            chunk.setLength(0);
            if (setup && level <= setupLevel) {
                setup = false;
            }
            String heading = line.toLowerCase(java.util.Locale.ROOT);
            if (!setup && SETUP.stream().anyMatch(heading::contains)) {
                setup = true;
                setupLevel = level;
            }
        }
        return found.stream().map(text -> MarkdownText.plain(text).strip()).filter(text -> !text.isEmpty())
                .map(Sentences::of).toList();
    }

    /**
     * A sentence that needs the one before it: it opens on a reference ("This ...", "Their ...") or its object
     * among its first words is a "them" ("Ecologists use them to ..."; a "they" there usually means a noun of the
     * same sentence: "Alternatives exist, yet they ...").
     */
    static boolean refersBack(String sentence) {
        List<String> words = Prose.words(sentence);
        if (words.isEmpty()) {
            return false;
        }
        // the first word as written: "This", not "this" inside a name
        String first = words.getFirst();
        boolean opensOnReference = Character.isUpperCase(first.charAt(0))
                && ANAPHORS.contains(first.toLowerCase(java.util.Locale.ROOT).replace(",", ""));
        boolean earlyThem = words.stream().skip(1).limit(3).anyMatch(word -> word.startsWith("them")
                && (word.length() == 4 || !Character.isLetter(word.charAt(4))));
        return opensOnReference || earlyThem;
    }

    /** The contributions as one sentence: "This work contributes (i) ..., (ii) ... and (iii) ...". */
    static Optional<String> contributions(List<String> contributions) {
        if (contributions.isEmpty()) {
            return Optional.empty();
        }
        List<String> items = new ArrayList<>();
        for (int i = 0; i < contributions.size() && i < ORDINALS.length; i++) {
            String text = MarkdownText.plain(contributions.get(i)).strip().replaceFirst("[.;]+$", "");
            items.add("(" + ORDINALS[i] + ") " + Sentences.continuing(text));
        }
        String joined = items.size() == 1 ? items.getFirst()
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
        return Optional.of("This work contributes " + joined + ".");
    }

    static int words(String text) {
        String stripped = text.strip();
        return stripped.isEmpty() ? 0 : stripped.split("\\s+").length;
    }

    /** The abstract's sentences by role, kept apart so that they can be ordered as a reader expects. */
    private static final class Parts {

        final Set<String> problem = new LinkedHashSet<>();
        final List<String> method = new ArrayList<>();
        final List<String> result = new ArrayList<>();
        final List<String> more = new ArrayList<>();

        /** How many of the source's sentences the abstract holds. */
        long taken(List<String> source) {
            List<String> all = all();
            return source.stream().filter(all::contains).count();
        }

        int words() {
            return all().stream().mapToInt(AbstractComposer::words).sum();
        }

        List<String> all() {
            List<String> all = new ArrayList<>(problem);
            all.addAll(method);
            all.addAll(more);
            all.addAll(result);
            return all;
        }

        void addFitting(java.util.Collection<String> into, String sentence) {
            if (!all().contains(sentence) && words() + AbstractComposer.words(sentence) <= MOST_WORDS) {
                into.add(sentence);
            }
        }

        /** Drops the least needed sentence: the result, then the method's last, then the problem's gap. */
        boolean dropLast() {
            if (!result.isEmpty()) {
                result.clear();
                return true;
            }
            if (method.size() > 1) {
                method.removeLast();
                return true;
            }
            if (!method.isEmpty() && AbstractComposer.words(method.getFirst()) > MOST_WORDS / 2) {
                // one long contributions sentence: the first clause of the list is enough
                String sentence = method.removeFirst();
                int cut = sentence.indexOf(", (ii)");
                method.add(cut > 0 ? sentence.substring(0, cut).replace("This work contributes (i) ",
                        "This work contributes ") + "." : sentence.substring(0, sentence.length() / 2) + ".");
                return true;
            }
            if (problem.size() > 1) {
                problem.remove(problem.stream().reduce((a, b) -> b).orElseThrow());
                return true;
            }
            return false;
        }

        /** Problem sentences in the idea's order, then the method, further core and scope text, the result. */
        List<String> inOrder(List<String> problemOrder) {
            List<String> ordered = new ArrayList<>(problemOrder.stream().filter(problem::contains).toList());
            ordered.addAll(method);
            ordered.addAll(more);
            ordered.addAll(result);
            return ordered;
        }
    }
}
