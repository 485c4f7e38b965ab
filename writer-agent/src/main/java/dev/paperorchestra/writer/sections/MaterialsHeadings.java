package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import java.util.Set;

/**
 * Headings with which the materials organise themselves ("Core question", "Method in brief", "Why it should
 * work"): they say what kind of text follows, not what the work is, so they never become a section, subsection
 * or paragraph title of the paper, nor its title. A heading made only of such generic words is one of them.
 */
final class MaterialsHeadings {

    private static final Set<String> GENERIC = Set.of("problem", "problems", "statement", "setting", "motivation",
            "background", "overview", "introduction", "context", "summary", "idea", "ideas", "research", "key",
            "core", "main", "central", "method", "methods", "methodology", "approach", "proposed", "proposal", "our",
            "contributions", "contribution", "theory", "theoretical", "limitations", "limitation", "future", "work",
            "works", "notes", "note", "related", "experiments", "experiment", "results", "result", "conclusion",
            "conclusions", "abstract", "the", "and", "of", "high", "level", "analysis", "details", "why", "it",
            "should", "would", "could", "matters", "gap", "intuition", "formulation", "claims", "claim",
            "hypothesis", "hypotheses", "scope", "a", "an", "in", "to", "what", "how", "is", "this", "question",
            "questions", "brief", "short", "nutshell", "plan", "aim", "aims", "objective", "objectives", "goal",
            "goals", "rationale", "working", "title", "expected", "outcome", "outcomes", "open", "description",
            "general", "we", "do", "does", "for", "on", "novelty", "significance", "insight", "insights", "target",
            "venue", "keywords", "status", "next", "steps", "step", "todo", "tl", "dr", "tldr", "sketch", "one",
            "paragraph", "pitch", "premise", "study", "project", "proposition", "thesis", "my", "here", "about",
            "technical", "solution", "task", "definition");

    private MaterialsHeadings() {
    }

    static boolean isGeneric(String heading) {
        String words = Prose.normalised(heading);
        if (words.isEmpty()) {
            return true;
        }
        for (String word : words.split(" ")) {
            // "Research question 1", "Step 2", "Aim (i)": numbering does not make a heading specific
            boolean numbering = word.chars().allMatch(Character::isDigit)
                    || word.chars().allMatch(c -> c == 'i' || c == 'v' || c == 'x');
            if (!GENERIC.contains(word) && !numbering) {
                return false;
            }
        }
        return true;
    }
}
