package dev.paperorchestra.outline.plan;

import dev.paperorchestra.outline.plan.LogDigest.ResultGroup;
import dev.paperorchestra.outline.plan.Outline.PlannedFigure;
import dev.paperorchestra.outline.plan.Outline.SectionPlan;
import dev.paperorchestra.outline.plan.Outline.SubsectionPlan;
import dev.paperorchestra.outline.plan.SetupInventory.Group;
import dev.paperorchestra.outline.plan.SetupInventory.Kind;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.template.TemplateSection;
import dev.paperorchestra.model.template.TemplateSkeleton;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The offline {@code section_plan}: abstract, method, experiments and conclusion, titled as the template's
 * skeleton titles them ({@link TemplateSkeleton}: a kit's sample sections such as "Template Overview", and sample
 * sections of its appendix, are never planned for), by the role of the title ({@link SectionRole}: "Proposed
 * Approach" is the method). Bullets point at the exact place in the materials the writer must use; every setup
 * name the paper depends on becomes a citation hint.
 */
final class SectionPlanner {

    static final String SETUP = "Setup";
    private static final int QUOTE_LENGTH = 160;

    private SectionPlanner() {
    }

    static List<SectionPlan> plan(LatexTemplate template, IdeaDigest idea, LogDigest log,
            List<PlannedFigure> figures) {
        List<TemplateSection> skeleton = TemplateSkeleton.sections(TexDocument.parse(template.source())).stream()
                .filter(TemplateSection::skeleton).toList();
        return List.of(
                new SectionPlan("Abstract", List.of()),
                new SectionPlan(titled(skeleton, SectionRole.METHOD, "Method"), method(idea, log)),
                new SectionPlan(titled(skeleton, SectionRole.EXPERIMENTS, "Experiments"), experiments(log, figures)),
                new SectionPlan(titled(skeleton, SectionRole.CONCLUSION, "Conclusion"), List.of()));
    }

    /** The title of the skeleton's first section of a role, as written; the usual title when it has none. */
    static String titled(List<TemplateSection> skeleton, SectionRole role, String usual) {
        return skeleton.stream().filter(section -> section.section().role() == role).findFirst()
                .map(section -> section.title().strip()).orElse(usual);
    }

    private static List<SubsectionPlan> method(IdeaDigest idea, LogDigest log) {
        List<SubsectionPlan> parts = new ArrayList<>();
        for (MdSection part : idea.methodParts()) {
            List<String> bullets = new ArrayList<>();
            bullets.add("explain " + OutlineWording.quote(part.title(), QUOTE_LENGTH) + " as described in idea.md");
            NotesText.paragraphs(part.blocks()).stream().findFirst().ifPresent(statement -> bullets.add(
                    "start from the author's statement in idea.md: " + OutlineWording.quote(statement, QUOTE_LENGTH)));
            NotesText.bullets(part).stream().limit(3).forEach(point -> bullets.add(
                    "cover the point from idea.md: " + OutlineWording.quote(point, QUOTE_LENGTH)));
            if (NotesText.hasMath(part.blocks())) {
                bullets.add("formalise the equations given under " + OutlineWording.quote(part.title(), QUOTE_LENGTH)
                        + " in idea.md, introducing no other variables");
            }
            parts.add(new SubsectionPlan(part.title(), bullets, hintsMentionedIn(String.join("\n",
                    NotesText.statements(part.blocks())), log)));
        }
        return parts;
    }

    private static List<SubsectionPlan> experiments(LogDigest log, List<PlannedFigure> figures) {
        Map<String, PlannedFigure> figureByTitle = figures.stream()
                .collect(Collectors.toMap(PlannedFigure::title, Function.identity(), (first, second) -> first));
        List<String> setupBullets = new ArrayList<>();
        for (Group group : log.setup().groups()) {
            setupBullets.add(group.names().isEmpty() || group.kind() == Kind.OTHER
                    ? "report the " + OutlineWording.lowerFirst(group.label()) + " exactly as in the setup of "
                            + "experimental_log.md"
                    : "describe the " + OutlineWording.lowerFirst(group.label()) + " as listed in experimental_log.md: "
                            + OutlineWording.list(group.names()));
        }
        List<SubsectionPlan> results = new ArrayList<>();
        for (ResultGroup group : log.groups()) {
            List<String> bullets = new ArrayList<>();
            for (MarkdownTable table : group.tables()) {
                bullets.add("report the numbers of " + OutlineWording.quote(table.caption(), QUOTE_LENGTH)
                        + " from experimental_log.md in a booktabs table, every number exactly as logged");
                PlannedFigure figure = figureByTitle.get(table.caption());
                if (figure != null) {
                    bullets.add("include and discuss " + figure.figureId() + ", the plot of "
                            + OutlineWording.quote(table.caption(), QUOTE_LENGTH));
                }
            }
            group.observations().forEach(observation -> bullets.add(
                    "state the observation recorded in experimental_log.md: " + OutlineWording.quote(observation, 200)));
            if (SetupInventory.isSetupHeading(group.title())) {
                setupBullets.addAll(bullets);
            } else {
                results.add(new SubsectionPlan(group.title(), bullets, hintsMentionedIn(tableText(group), log)));
            }
        }
        if (setupBullets.isEmpty()) {
            setupBullets.add("describe the experimental setup exactly as given in experimental_log.md");
        }
        if (results.isEmpty()) {
            results.add(new SubsectionPlan("Results",
                    List.of("state the results and observations of experimental_log.md without adding numbers"),
                    List.of()));
        }
        List<SubsectionPlan> subsections = new ArrayList<>();
        subsections.add(new SubsectionPlan(SETUP, setupBullets,
                log.setup().citableNames().stream().map(OutlineWording::hint).toList()));
        subsections.addAll(results);
        return subsections;
    }

    /** Hints for the setup's names that this text mentions as whole names ("Adam" is not in "AdamW"). */
    private static List<String> hintsMentionedIn(String text, LogDigest log) {
        return log.setup().citableNames().stream().filter(name -> mentions(text, name)).map(OutlineWording::hint).toList();
    }

    /** Whether the text holds the name as a whole: not inside a longer word or hyphenated name. */
    static boolean mentions(String text, String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
            int end = at + name.length();
            if ((at == 0 || !partOfName(text.charAt(at - 1))) && (end == text.length() || !partOfName(text.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean partOfName(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    private static String tableText(ResultGroup group) {
        StringBuilder text = new StringBuilder(String.join("\n", group.observations()));
        for (MarkdownTable table : group.tables()) {
            text.append('\n').append(table.caption()).append('\n').append(String.join(" ", table.header()));
            table.rows().forEach(row -> text.append('\n').append(String.join(" ", row)));
        }
        return text.toString();
    }
}
