package dev.paperorchestra.writer.sections;

import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.content.materials.LatexSections;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.writer.latex.TexStructure;
import dev.paperorchestra.writer.latex.TitleLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The offline section writer: deterministic, no model. Starting from the literature draft (preamble,
 * introduction and related work kept as they are), it fills the title when the template left a placeholder, the
 * abstract, method, experiments and conclusion, using only text and numbers from idea.md and the log, and
 * labels the result as offline work on its first line.
 */
public final class SectionWriter {

    private static final String LABEL_LINE = "% " + ModelMode.OFFLINE_LABEL;
    /** Sections another agent wrote; never overwritten. */
    private static final Pattern WRITTEN_BEFORE = Pattern.compile("(?i)introduction|related");

    private static final Pattern EMPTY_DISCUSSION = Pattern.compile(
            "\\\\section\\*?\\{[^}\\n]*[Dd]iscussion[^}\\n]*}(?:\\s|%[^\\n]*\\n)*(?=\\\\section)");

    public WrittenPaper write(WriterInputs inputs) {
        String tex = TemplateCleanup.clean(withoutLabelLine(inputs.draftTex()));
        LatexTemplate layout = LatexTemplate.parse(tex);
        LatexTemplate open = new LatexTemplate(layout.source(),
                layout.sections().stream().filter(title -> !WRITTEN_BEFORE.matcher(title).find()).toList(),
                layout.twoColumn());
        IdeaContent idea = IdeaContent.parse(inputs.idea());
        List<MarkdownTable> tables = MarkdownTables.parse(inputs.experimentalLog());
        List<Figure> figures = distinct(inputs.figures());

        tex = TitleLine.apply(tex, idea.title() == null ? null : LatexText.text(idea.title()));
        String abstractText = AbstractComposer.compose(idea, tables, inputs.experimentalLog());
        if (!abstractText.isEmpty()) {
            tex = LatexSections.replaceAbstract(tex, LatexText.markdown(abstractText));
        }
        String experiments = open.sectionMatching("experiment", "evaluation", "result").orElse(null);
        // a section the experiments share a title with ("Results and Conclusion") holds the experiments
        Optional<String> method = open.sectionMatching("method", "approach").filter(t -> !t.equals(experiments));
        Optional<String> conclusion = open.sectionMatching("conclusion").filter(t -> !t.equals(experiments));
        if (method.isPresent() && !idea.methodSections().isEmpty()) {
            tex = LatexSections.replaceBody(tex, method.get(), method(idea));
        } else if (method.isPresent()) {
            // the idea says nothing about the method beyond its problem: no section rather than an empty one
            tex = withoutEmptySection(tex, method.get());
        }
        String results = experiments == null ? "Experiments" : experiments;
        if (experiments == null) {
            tex = insertSection(tex, results, conclusion.orElse(null));
        }
        ExperimentsSection.Rendered experimentsBody = ExperimentsSection.render(inputs.experimentalLog(), tables,
                figures, layout.twoColumn(), inputs.figurePlan());
        tex = LatexSections.replaceBody(tex, results, experimentsBody.latex());
        // the log's general observations: a Discussion section when the template has one, else the conclusion
        Optional<String> discussion = open.sectionMatching("discussion").filter(t -> !t.equals(experiments)
                && !conclusion.equals(Optional.of(t)));
        String observations = experimentsBody.discussion().isEmpty() ? ""
                : LatexText.markdown(Sentences.join(experimentsBody.discussion()));
        boolean discussed = false;
        if (discussion.isPresent() && !observations.isEmpty()
                && (conclusion.isEmpty() || !conclusion(idea, "").isEmpty())) {
            tex = LatexSections.replaceBody(tex, discussion.get(), observations);
            observations = "";
            discussed = true;
        } else if (discussion.isPresent() && conclusion.isPresent()) {
            // nothing else would conclude the paper: the observations do, and an empty Discussion goes
            tex = EMPTY_DISCUSSION.matcher(tex).replaceFirst("");
        }
        // a template that ends with a Discussion and no Conclusion: the Discussion concludes the paper
        Optional<String> closing = conclusion.isPresent() ? conclusion
                : discussed ? Optional.<String>empty() : discussion;
        String summary = conclusion(idea, observations);
        if (closing.isPresent() && !summary.isEmpty()) {
            tex = LatexSections.replaceBody(tex, closing.get(), summary);
        } else if (closing.isPresent()) {
            // nothing in the materials concludes: the section goes rather than stand empty or padded
            tex = withoutEmptySection(tex, closing.get());
        }
        tex = relatedWork(tex, layout, idea, inputs);
        boolean math = MarkdownBlocks.hasMath(inputs.idea()) || MarkdownBlocks.hasMath(inputs.experimentalLog());
        // a table a chart presents alone is not typeset, so it is neither counted nor looked for as a table
        // the body says in full what the abstract summarises, never the abstract's sentences again
        tex = AbstractEcho.removeFromBody(tex);
        WrittenPaper finished = PaperFinish.finish(LABEL_LINE + "\n" + tex, inputs.figurePlan().typeset(tables),
                figures.size(), math);
        return new WrittenPaper(flushFloatsBeforeReferences(finished.tex()), finished.tableCount(),
                finished.figureCount(), finished.fidelity());
    }

    /** Removes the section titled {@code title} when its body is empty (blank lines and comments only). */
    static String withoutEmptySection(String tex, String title) {
        Pattern empty = Pattern.compile("\\\\section\\*?\\{" + Pattern.quote(title)
                + "}(?:\\s|%[^\\n]*\\n)*(?=\\\\section|\\\\bibliographystyle\\{|\\\\bibliography\\{"
                + "|\\\\appendix\\b|\\\\end\\{document})");
        return empty.matcher(tex).replaceFirst("");
    }

    /**
     * Related work without a single citation (no source was verified) is the literature plan's overview alone,
     * a stub that says how the section would be organised: it becomes what the materials say about earlier work,
     * or, when they say nothing, the section goes (the STRUCTURE gate still names it when the venue requires it).
     */
    private static String relatedWork(String tex, LatexTemplate layout, IdeaContent idea, WriterInputs inputs) {
        Optional<String> related = layout.sectionMatching("related")
                .filter(title -> !title.toLowerCase(java.util.Locale.ROOT).contains("introduction"));
        if (related.isEmpty() || !PriorWork.citesNothing(tex, related.get())) {
            return tex;
        }
        Optional<String> body = PriorWork.compose(idea, inputs.idea(), inputs.experimentalLog(), tex, related.get());
        return body.isPresent() ? LatexSections.replaceBody(tex, related.get(), body.get())
                : PriorWork.withoutSectionHeading(tex, related.get());
    }

    /**
     * A {@code \clearpage} before the bibliography: floats LaTeX could not place yet appear there, in the main
     * text where they belong, instead of after the references (where the page count would hide them).
     */
    static String flushFloatsBeforeReferences(String tex) {
        int at = TexStructure.find(tex, "\\\\bibliographystyle\\{|\\\\bibliography\\{",
                Math.max(0, tex.indexOf(TexStructure.BEGIN_DOCUMENT)));
        if (at < 0 || tex.substring(Math.max(0, at - 40), at).contains("\\clearpage")) {
            return tex;
        }
        return TexStructure.insertLinesBefore(tex, at, "\\clearpage\n");
    }

    private static String withoutLabelLine(String tex) {
        return tex.lines().dropWhile(line -> line.strip().equals(LABEL_LINE))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private static List<Figure> distinct(List<Figure> figures) {
        Map<String, Figure> byId = new LinkedHashMap<>();
        figures.forEach(figure -> byId.putIfAbsent(figure.getFigureId(), figure));
        return new ArrayList<>(byId.values());
    }

    /**
     * The idea's method sections: a subsection for each one whose heading names a part of the method; the text
     * under the materials' own headings ("Core idea", "Method in brief", "Why it should work") without one.
     */
    private static String method(IdeaContent idea) {
        var sections = idea.methodSections();
        long named = sections.stream().filter(section -> !MaterialsHeadings.isGeneric(section.title())).count();
        StringBuilder out = new StringBuilder();
        for (var section : sections) {
            // a lone subsection is bad form; then every section's text goes straight into the method
            if (named >= 2 && !MaterialsHeadings.isGeneric(section.title())) {
                out.append("\\subsection{").append(LatexText.markdown(section.title())).append("}\n");
            }
            out.append(MarkdownBlocks.render(section.body())).append("\n\n");
        }
        return out.toString().strip();
    }

    /**
     * What the experiments showed (the log's general observations), what the work contributes, and where it
     * stops (the idea's scope), each a paragraph of its own.
     */
    private static String conclusion(IdeaContent idea, String observations) {
        List<String> paragraphs = new ArrayList<>();
        if (!observations.isEmpty()) {
            paragraphs.add(observations);
        }
        if (!idea.contributions().isEmpty()) {
            paragraphs.add("In summary, this work makes the following contributions. "
                    + LatexText.markdown(Sentences.join(idea.contributions())));
        }
        if (!idea.significance().isEmpty()) {
            paragraphs.add(LatexText.markdown(Sentences.join(idea.significance())));
        }
        if (!idea.scope().isEmpty()) {
            paragraphs.add(LatexText.markdown(Sentences.join(idea.scope())));
        }
        return String.join("\n\n", paragraphs);
    }

    /** Adds an empty {@code \section} before the conclusion (or the bibliography, or the end). */
    private static String insertSection(String tex, String title, @Nullable String before) {
        int at = before == null ? -1 : TexStructure.find(tex, "\\\\section\\*?\\{" + Pattern.quote(before) + "}", 0);
        if (at < 0) {
            at = TexStructure.find(tex, "\\\\bibliographystyle|\\\\bibliography\\{|\\\\appendix\\b|\\\\end\\{document}",
                    Math.max(0, tex.indexOf(TexStructure.BEGIN_DOCUMENT)));
        }
        return TexStructure.insertLinesBefore(tex, at < 0 ? tex.length() : at, "\\section{" + title + "}\n");
    }
}
