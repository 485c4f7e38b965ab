package dev.paperorchestra.refine.loop;

import java.util.List;

/**
 * A reviser's answer: the full LaTeX (with its preamble) and what it changed, for worklog.json.
 *
 * @param tex                 the revised paper
 * @param addressedWeaknesses reviewer weaknesses answered
 * @param integratedAnswers   reviewer questions answered inside the paper
 * @param actionsTaken        what was done
 * @param generatedBy         the offline label or provider/model
 */
public record Revision(String tex, List<String> addressedWeaknesses, List<String> integratedAnswers,
        List<String> actionsTaken, String generatedBy) {

    public Revision {
        addressedWeaknesses = List.copyOf(addressedWeaknesses);
        integratedAnswers = List.copyOf(integratedAnswers);
        actionsTaken = List.copyOf(actionsTaken);
    }
}
