package dev.paperorchestra.writer.repair;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.writer.latex.ModelAnswer;
import dev.paperorchestra.writer.sections.WritingRules;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Repair calls to the planner: the draft and what is wrong with it go in, the whole revised document comes
 * back. The materials go along so a number can be corrected from the log rather than guessed.
 */
public final class ModelRepairer implements Repairer {

    private static final String SYSTEM = """
            You revise a LaTeX conference paper written from a researcher's materials. You are told exactly what \
            is wrong with the draft; fix that and change nothing else.
            """;

    private final LlmGateway gateway;
    private final String agent;
    private final Materials materials;

    /**
     * What a revision may draw on.
     *
     * @param idea            idea.md
     * @param experimentalLog experimental_log.md
     * @param citationKeys    the keys of references.bib
     * @param figures         the figure list as the writer was given it
     * @param twoColumn       the template's layout
     * @param pageLimit       the main-text page limit, or null
     */
    public record Materials(String idea, String experimentalLog, List<String> citationKeys, String figures,
            boolean twoColumn, @Nullable Integer pageLimit) {

        public Materials {
            citationKeys = List.copyOf(citationKeys);
        }
    }

    public ModelRepairer(LlmGateway gateway, String agent, Materials materials) {
        this.gateway = gateway;
        this.agent = agent;
        this.materials = materials;
    }

    @Override
    public Optional<String> revise(String paperId, Problem problem, String tex, String details) {
        String system = SYSTEM + "\n" + WritingRules.of(materials.twoColumn(), materials.pageLimit());
        // the paper's materials lead every repair call, so the provider can serve them from its prompt cache
        Prompt prompt = Prompt.builder()
                .materials(new Prompt.Materials(materials.idea(), materials.experimentalLog()))
                .literature("## Keys of references.bib\n" + String.join(", ", materials.citationKeys()))
                .reading("## Figures to include\n" + materials.figures())
                .task(task(problem, details) + "\n\n## The draft\n```latex\n" + tex + "\n```\n").build();
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, system, prompt, null,
                List.of())).text();
        return ModelAnswer.read(answer, tex);
    }

    private static String task(Problem problem, String details) {
        return switch (problem) {
            case GATES -> "## Task\nThe draft fails these integrity checks. Fix every finding; where a number is "
                    + "wrong, use the value from experimental_log.md or idea.md, or remove the statement.\n"
                    + details;
            case COMPILE -> "## Task\npdfLaTeX stopped on the errors below (line numbers refer to the draft as "
                    + "given, the marked line is where TeX stopped). Fix their cause.\n" + details;
            case PAGES -> "## Task\n" + details;
        };
    }
}
