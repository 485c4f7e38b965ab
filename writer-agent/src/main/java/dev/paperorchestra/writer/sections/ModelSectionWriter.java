package dev.paperorchestra.writer.sections;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.writer.latex.ModelAnswer;
import dev.paperorchestra.writer.repair.ModelRepairer;
import dev.paperorchestra.writer.repair.Repairer;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The section writer in model mode: one comprehensive planner call that fills the remaining sections into the
 * document holding the introduction and related work, from the section plan, idea, log, citation map and figure
 * list (with the figures' images). The answer keeps the venue's preamble and gets the same finishing touches
 * and fidelity check as the offline writer's.
 */
public final class ModelSectionWriter {

    private static final String SYSTEM = """
            You are the writing stage of a pipeline that turns a researcher's materials into a conference paper. \
            You receive the paper with its preamble, title, introduction and related work already written, and \
            you write every remaining section into it: the abstract, the method, the experiments and the \
            conclusion, plus any other section the template leaves empty, following the outline's section plan \
            (its order, subsections and the figures and citations it assigns to each section).
            Write as the authors would for expert reviewers: precise, concrete, no filler, no claims beyond what \
            the materials support. When the \\title is still a template's placeholder, write the paper's own \
            title there (never a heading of the materials such as "Idea Summary" or "Working title"). The abstract \
            is one paragraph of 150 to 250 words; every section is full prose, every numeric table of the log \
            appears as a table or as the figure that draws it (never both, unless the request says why), no \
            figure that was left out is included, referenced or mentioned, and the main text fills the page limit.
            """;

    private static final String INCOMPLETE = "\n\nYour previous answer held no complete LaTeX document. Answer "
            + "with the whole document, from \\documentclass to \\end{document}, in one ```latex block.";

    private final LlmGateway gateway;
    private final String agent;

    public ModelSectionWriter(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    public WrittenPaper write(String paperId, WriterInputs inputs) {
        boolean twoColumn = LatexTemplate.parse(inputs.draftTex()).twoColumn();
        List<LlmRequest.Image> images = inputs.figures().stream()
                .map(figure -> inputs.figureImages().get(figure.getFileName()))
                .filter(java.util.Objects::nonNull)
                .map(png -> new LlmRequest.Image("image/png", png)).toList();
        String system = SYSTEM + "\n" + WritingRules.of(twoColumn, inputs.pageLimit());
        // the template's sample authors, stubs and markers are not the paper's; the model never sees them
        String draft = TemplateCleanup.clean(inputs.draftTex(), inputs.doubleBlind());
        Prompt user = user(inputs, draft, !images.isEmpty());
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, system, user, null, images))
                .text();
        Optional<String> read = ModelAnswer.read(answer, draft);
        if (read.isEmpty()) {
            // one more chance: an answer cut short or wrapped in prose is common and cheap to ask again for
            answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, system,
                    user.withTask(INCOMPLETE.strip()), null, images)).text();
            read = ModelAnswer.read(answer, draft);
        }
        String tex = read.orElseThrow(() -> new PermanentException("the model's paper.tex for " + paperId
                + " is not a complete LaTeX document twice in a row (no \\documentclass, \\begin{document}, "
                + "\\end{document} or \\section in the answer)"));
        return PaperFinish.finish(tex, inputs.figurePlan().typeset(MarkdownTables.parse(inputs.experimentalLog())),
                inputs.figures().size(), tex.contains("$"));
    }

    /**
     * In the prompt builder's order: the materials, the outline, the citations, what this step reads besides
     * (the digest, the figures), then the paper so far.
     */
    private static Prompt user(WriterInputs inputs, String draft, boolean withImages) {
        return Prompt.builder()
                .materials(new Prompt.Materials(inputs.idea(), inputs.experimentalLog()))
                .outline(inputs.outline())
                .literature("## Citation map (the only keys you may cite)\n" + orNone(inputs.citationMap()))
                .reading("## The materials as read (the same reading as the offline writer and the integrity "
                        + "gates)\n" + orNone(MaterialsDigest.of(inputs.idea(), inputs.experimentalLog()))
                        + "\n\n## Figures to include" + (withImages ? " (their images are attached in this order)" : "")
                        + "\n" + figures(inputs.figures())
                        + (inputs.figurePlan().instructions().isEmpty() ? "" : "\n\n"
                                + inputs.figurePlan().instructions()))
                .document("## The paper so far (complete it)\n```latex\n" + draft + "\n```\n").build();
    }

    /** A repairer that asks the same planner for repairs, given what a revision may draw on. */
    public Repairer repairer(ModelRepairer.Materials materials) {
        return new ModelRepairer(gateway, agent, materials);
    }

    /** The figure list as the model is shown it. */
    public static String figures(List<Figure> figures) {
        if (figures.isEmpty()) {
            return "(none)";
        }
        return figures.stream()
                .map(figure -> "- figures/" + figure.getFileName() + " (id " + figure.getFigureId() + ", aspect "
                        + figure.getAspectRatio() + "): " + figure.getCaption().strip())
                .collect(Collectors.joining("\n"));
    }

    private static String orNone(String text) {
        return text.isBlank() ? "(none)" : text;
    }
}
