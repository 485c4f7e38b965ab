package dev.paperorchestra.writer.sections;

import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.runtime.materials.LatexTemplate;
import dev.paperorchestra.runtime.materials.MarkdownTables;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The section writer in model mode: one comprehensive planner call that returns the whole paper. The answer
 * gets the same finishing touches and fidelity check as the offline writer's.
 */
public final class ModelSectionWriter {

    private static final String SYSTEM = """
            You complete a LaTeX paper. The template below already holds the preamble, the introduction and the \
            related work: keep them unchanged. Write the abstract, method, experiments and conclusion using only \
            idea.md and experimental_log.md. Every table comes from the log with booktabs and every number exactly \
            as logged. Include every listed figure once, with its exact file name under figures/, one per float, \
            referenced in the text, before the conclusion. Cite only keys already cited in the template. Keep the \
            paper anonymous. Answer with the complete LaTeX document only.""";

    private final LlmGateway gateway;
    private final String agent;

    public ModelSectionWriter(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    public WrittenPaper write(String paperId, WriterInputs inputs) {
        String tex = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user(inputs), null,
                List.of())).text();
        try {
            // the answer must still be a complete document with the template's skeleton before it is finished
            LatexTemplate.parse(tex);
        } catch (InvalidMaterialsException e) {
            throw new PermanentException("the model's paper.tex for " + paperId + " is not a complete LaTeX "
                    + "document (" + e.problem() + ")", e);
        }
        return PaperFinish.finish(tex, MarkdownTables.parse(inputs.experimentalLog()), inputs.figures().size(),
                tex.contains("$"));
    }

    private static String user(WriterInputs inputs) {
        String figures = inputs.figures().stream()
                .map(figure -> "figures/" + figure.getFileName() + " (aspect " + figure.getAspectRatio() + "): "
                        + figure.getCaption())
                .collect(Collectors.joining("\n"));
        return "template.tex with introduction and related work:\n" + inputs.draftTex()
                + "\n\nidea.md:\n" + inputs.idea()
                + "\n\nexperimental_log.md:\n" + inputs.experimentalLog()
                + "\n\nfigures:\n" + (figures.isEmpty() ? "(none)" : figures);
    }
}
