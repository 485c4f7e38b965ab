package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.materials.LatexSections;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.tex.TexArgument;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.model.vocabulary.UnfilledSection;
import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.writer.latex.TexStructure;
import dev.paperorchestra.writer.latex.TitleLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The offline section writer: deterministic, no model. Starting from the literature draft (preamble,
 * introduction and related work kept as they are), it fills the title when the template left a placeholder, the
 * abstract, method, experiments and conclusion, using only text and numbers from idea.md and the log, and
 * labels the result as offline work on its first line.
 */
public final class SectionWriter {

    private static final String LABEL_LINE = "% " + ModelMode.OFFLINE_LABEL;
    /** How the conclusion opens its summary of the contributions. */
    static final String CONTRIBUTIONS_LEAD = "In summary, this work makes the following contributions.";

    public WrittenPaper write(WriterInputs inputs) {
        IdeaContent idea = IdeaContent.parse(inputs.idea(), inputs.experimentalLog());
        String tex = withSkeleton(TemplateCleanup.clean(withoutLabelLine(inputs.draftTex()), inputs.doubleBlind()),
                idea, inputs.mandatorySections());
        TexDocument layout = TexDocument.parse(tex);
        boolean twoColumn = LatexTemplate.parse(inputs.draftTex()).twoColumn();
        List<MarkdownTable> tables = MarkdownTables.parse(inputs.experimentalLog());
        List<Figure> figures = distinct(inputs.figures());

        tex = TitleLine.apply(tex, idea.title() == null ? null : LatexText.text(idea.title()));
        String abstractText = AbstractComposer.compose(idea, tables, inputs.experimentalLog());
        if (!abstractText.isEmpty()) {
            tex = LatexSections.replaceAbstract(tex, LatexText.markdown(abstractText));
        }
        // a section the experiments share a title with ("Results and Conclusion") holds the experiments
        String experiments = DraftSections.of(layout, SectionRole.EXPERIMENTS)
                .or(() -> DraftSections.holding(layout, "experiment", "evaluat", "result"))
                .map(TexSection::title).orElse(null);
        Optional<String> method = DraftSections.of(layout, SectionRole.METHOD).map(TexSection::title)
                .filter(t -> !t.equals(experiments));
        Optional<String> conclusion = DraftSections.of(layout, SectionRole.CONCLUSION).map(TexSection::title)
                .filter(t -> !t.equals(experiments));
        if (method.isPresent() && !idea.methodSections().isEmpty()) {
            tex = DraftSections.replaceBody(tex, method.get(), method(idea));
        } else if (method.isPresent()) {
            // the idea says nothing about the method beyond its problem: no section rather than an empty one
            tex = DraftSections.removeWhenEmpty(tex, method.get());
        }
        String results = experiments == null ? "Experiments" : experiments;
        if (experiments == null) {
            // the results come before what discusses them
            tex = DraftSections.insert(tex, results, DraftSections.of(layout, SectionRole.DISCUSSION)
                    .map(TexSection::title).or(() -> conclusion).orElse(null));
        }
        ExperimentsSection.Rendered experimentsBody = ExperimentsSection.render(inputs.experimentalLog(), tables,
                figures, twoColumn, inputs.figurePlan());
        tex = DraftSections.replaceBody(tex, results, experimentsBody.latex());
        // the log's general observations: a Discussion section when the template has one, else the conclusion
        Optional<String> discussion = DraftSections.of(layout, SectionRole.DISCUSSION).map(TexSection::title)
                .filter(t -> !t.equals(experiments) && !conclusion.equals(Optional.of(t)));
        String observations = experimentsBody.discussion().isEmpty() ? ""
                : LatexText.markdown(Sentences.join(experimentsBody.discussion()));
        Closing closing = Closing.of(idea, observations, discussion.isPresent(), conclusion.isPresent());
        if (discussion.isPresent()) {
            tex = closing.discussion().isEmpty() ? DraftSections.removeWhenEmpty(tex, discussion.get())
                    : DraftSections.replaceBody(tex, discussion.get(), closing.discussion());
        }
        if (conclusion.isPresent()) {
            tex = closing.conclusion().isEmpty() ? DraftSections.removeWhenEmpty(tex, conclusion.get())
                    : DraftSections.replaceBody(tex, conclusion.get(), closing.conclusion());
        } else if (discussion.isEmpty() && !closing.conclusion().isEmpty()
                && DraftSections.of(TexDocument.parse(tex), SectionRole.CONCLUSION).isEmpty()) {
            // a template without either: the paper still concludes
            tex = DraftSections.insert(tex, "Conclusion", null);
            tex = DraftSections.replaceBody(tex, "Conclusion", closing.conclusion());
        }
        Folded related = relatedWork(tex, idea, inputs);
        tex = related.tex();
        boolean math = MarkdownBlocks.hasMath(inputs.idea()) || MarkdownBlocks.hasMath(inputs.experimentalLog());
        // a table a chart presents alone is not typeset, so it is neither counted nor looked for as a table
        // the body says in full what the abstract summarises, never the abstract's sentences again
        tex = AbstractEcho.removeFromBody(tex);
        if (discussion.isPresent()) {
            tex = discussedFromResults(tex, results, discussion.get(), conclusion.orElse(null),
                    inputs.mandatorySections());
        }
        // a template heading the materials give nothing for ("Contribution" over filler text) goes, never empty,
        // before the Introduction's roadmap names the sections that stay
        for (TexSection section : DraftSections.main(TexDocument.parse(tex))) {
            if (section.role() == SectionRole.OTHER) {
                tex = DraftSections.removeWhenEmpty(tex, section.title());
            }
        }
        // an Introduction the literature stage left empty, or the abstract's sentences emptied, is written now
        tex = AbstractEcho.removeFromBody(Introduction.fill(tex, idea));
        tex = Introduction.carry(tex, related.intoIntroduction());
        tex = titledAsRequired(tex, inputs.mandatorySections());
        WrittenPaper finished = PaperFinish.finish(LABEL_LINE + "\n" + tex, inputs.figurePlan().typeset(tables),
                figures.size(), math);
        return new WrittenPaper(flushFloatsBeforeReferences(finished.tex()), finished.tableCount(),
                finished.figureCount(), finished.fidelity());
    }

    /**
     * The sections a paper has that the template, once its sample sections are gone, lacks: a Related Work after
     * the Introduction (filled below from the verified works and the approaches the log compares, or removed when
     * there is nothing for it), a Method before the experiments when the idea describes one, and a Discussion
     * before the Conclusion when the guidelines require one (filled below, or removed when the materials give
     * nothing for it). acmart's sample, for one, keeps only its Introduction.
     */
    private static String withSkeleton(String tex, IdeaContent idea, List<String> mandatory) {
        String out = tex;
        TexDocument document = TexDocument.parse(out);
        List<TexSection> main = DraftSections.main(document);
        if (DraftSections.of(document, SectionRole.RELATED_WORK).isEmpty()) {
            int introduction = -1;
            for (int i = 0; i < main.size(); i++) {
                if (main.get(i).role() == SectionRole.INTRODUCTION) {
                    introduction = i;
                }
            }
            String before = introduction >= 0 && introduction + 1 < main.size() ? main.get(introduction + 1).title()
                    : introduction < 0 && !main.isEmpty() ? main.getFirst().title() : null;
            out = DraftSections.insert(out, "Related Work", before);
        }
        document = TexDocument.parse(out);
        if (DraftSections.of(document, SectionRole.METHOD).isEmpty() && !idea.methodSections().isEmpty()) {
            String before = DraftSections.of(document, SectionRole.EXPERIMENTS)
                    .or(() -> DraftSections.of(TexDocument.parse(tex), SectionRole.DISCUSSION))
                    .or(() -> DraftSections.of(TexDocument.parse(tex), SectionRole.CONCLUSION))
                    .map(TexSection::title).orElse(null);
            out = DraftSections.insert(out, "Method", before);
        }
        document = TexDocument.parse(out);
        if (DraftSections.of(document, SectionRole.DISCUSSION).isEmpty()
                && mandatory.stream().anyMatch(name -> SectionRole.of(name) == SectionRole.DISCUSSION)) {
            out = DraftSections.insert(out, SectionRole.DISCUSSION.title(), DraftSections.of(document,
                    SectionRole.CONCLUSION).map(TexSection::title).orElse(null));
        }
        return out;
    }

    /**
     * A Discussion that the materials leave empty or a stub once the abstract's sentences are gone from the body
     * (an extract's contributions are its abstract): what the results say they mean becomes the Discussion, moved
     * out of the results ({@link Interpretation}); with nothing of that either, a required Discussion stays and
     * states its cause ({@link UnfilledSection}), and one not required goes.
     */
    private static String discussedFromResults(String tex, String results, String discussion,
            @org.jspecify.annotations.Nullable String conclusion, List<String> mandatory) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSection> section = DraftSections.titled(document, discussion);
        int words = section.map(found -> Prose.wordCount(document.plainText(found.body()))).orElse(0);
        if (words >= ContentGate.SECTION_MIN_WORDS) {
            return tex;
        }
        String existing = words == 0 ? "" : document.text(section.get().body()).strip() + "\n\n";
        Interpretation meaning = Interpretation.of(DraftSections.body(tex, results).orElse(""));
        boolean required = mandatory.stream().anyMatch(name -> SectionRole.of(name) == SectionRole.DISCUSSION);
        String body;
        String out = tex;
        if (Prose.wordCount(meaning.discussion()) >= ContentGate.SECTION_MIN_WORDS) {
            out = DraftSections.replaceBody(out, results, meaning.results());
            body = existing + MarkdownBlocks.readable(meaning.discussion());
        } else if (words > 0) {
            // what the materials give the Discussion stays, however short; the gate judges it
            return tex;
        } else if (required) {
            body = UnfilledSection.comment("the guidelines require this section, and the materials hold nothing "
                    + "to discuss: no observation apart from the results, no discussion, significance or scope in "
                    + "the idea, and no result that says what it means");
        } else {
            return section.isPresent() ? DraftSections.removeWhenEmpty(out, discussion) : out;
        }
        if (section.isEmpty()) {
            out = DraftSections.insert(out, discussion, conclusion != null
                    && DraftSections.titled(TexDocument.parse(out), conclusion).isPresent() ? conclusion : null);
        }
        return DraftSections.replaceBody(out, discussion, body);
    }

    /**
     * The sections titled as the guidelines name them: a venue that requires "Results" and "Methods" gets those
     * headings over the paper's Experiments and Method, which are the same sections by role.
     */
    static String titledAsRequired(String tex, List<String> mandatory) {
        String out = tex;
        for (String name : mandatory) {
            SectionRole role = SectionRole.of(name);
            if (role == SectionRole.OTHER || role.part() != PaperPart.MAIN_TEXT || role == SectionRole.ABSTRACT) {
                continue;
            }
            TexDocument document = TexDocument.parse(out);
            String wanted = SectionRole.normalise(name);
            Optional<TexSection> section = DraftSections.of(document, role)
                    .filter(found -> !SectionRole.normalise(found.title()).startsWith(wanted));
            Optional<TexSpan> title = section.flatMap(found -> found.heading().arguments().stream()
                    .filter(argument -> argument != null && !argument.optional()).reduce((first, last) -> last))
                    .map(TexArgument::content);
            if (title.isPresent()) {
                out = TexEdits.of(document).replace(title.get(), SectionRole.heading(name)).apply();
            }
        }
        return out;
    }

    /**
     * Related work without a single citation (no source was verified) is the literature plan's overview alone,
     * a stub that says how the section would be organised: it becomes what the materials say about earlier work.
     * When that is less than a section's worth ({@link ContentGate#SECTION_MIN_WORDS}), a venue that requires
     * the section gets it with its cause stated ({@link UnfilledSection}), so the paper ends incomplete for a
     * reason in its inputs; otherwise the few sentences join the Introduction and the section goes.
     * Related work that cites verified sources keeps them and gains the approaches the log compares that it does
     * not discuss yet.
     */
    private static Folded relatedWork(String tex, IdeaContent idea, WriterInputs inputs) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSection> related = DraftSections.of(document, SectionRole.RELATED_WORK);
        if (related.isEmpty()) {
            return new Folded(tex, "");
        }
        String title = related.get().title();
        if (!PriorWork.citesNothing(document, related.get())) {
            return PriorWork.compared(idea, inputs.experimentalLog(), inputs.citationMap(), document, related.get())
                    .map(paragraph -> DraftSections.replaceBody(tex, title, document.text(related.get().body()).strip()
                            + "\n\n" + paragraph))
                    .map(written -> new Folded(written, "")).orElse(new Folded(tex, ""));
        }
        Optional<String> body = PriorWork.compose(idea, inputs.idea(), inputs.experimentalLog(), inputs.citationMap(),
                tex, title);
        String written = body.isPresent() ? DraftSections.replaceBody(tex, title, body.get()) : tex;
        TexDocument filled = TexDocument.parse(written);
        int words = body.isEmpty() ? 0 : DraftSections.titled(filled, title).map(section -> Prose.wordCount(
                filled.plainText(section.body()))).orElse(0);
        if (body.isPresent() && words >= ContentGate.SECTION_MIN_WORDS) {
            return new Folded(written, "");
        }
        boolean required = inputs.mandatorySections().stream()
                .anyMatch(name -> SectionRole.of(name) == SectionRole.RELATED_WORK);
        if (required) {
            // the venue requires the section, and nothing honest fills it: it stays, saying why it is short
            String reason = "the guidelines require this section, no bibliographic source was verified for this "
                    + "paper, and the materials " + (words == 0 ? "name no earlier work or compared approach"
                    : "say only " + words + " words about earlier work");
            return new Folded(DraftSections.replaceBody(tex, title, UnfilledSection.comment(reason) + "\n"
                    + body.orElse("")), "");
        }
        // too little for a section of its own: what the materials say of earlier work joins the Introduction,
        // once it is written (its roadmap then names only the sections that stay)
        String removed = DraftSections.remove(tex, title);
        if (body.isEmpty() || DraftSections.of(TexDocument.parse(removed), SectionRole.INTRODUCTION).isEmpty()) {
            return new Folded(body.isEmpty() ? removed : written, "");
        }
        return new Folded(removed, body.get().lines().filter(line -> !line.strip().startsWith("%"))
                .collect(Collectors.joining("\n")).strip());
    }

    /** The paper with its Related Work settled, and what of it the Introduction says instead (LaTeX, or ""). */
    private record Folded(String tex, String intoIntroduction) {
    }

    /**
     * A {@code \clearpage} before the bibliography: floats LaTeX could not place yet appear there, in the main
     * text where they belong, instead of after the references (where the page count would hide them).
     */
    static String flushFloatsBeforeReferences(String tex) {
        TexDocument document = TexDocument.parse(tex);
        Optional<Integer> at = TexStructure.firstAfter(document, document.bodyStart(), "bibliographystyle",
                "bibliography").map(TexCommand::start);
        if (at.isEmpty() || tex.substring(Math.max(0, at.get() - 40), at.get()).contains("\\clearpage")) {
            return tex;
        }
        return TexStructure.insertLinesBefore(tex, at.get(), "\\clearpage\n");
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
            out.append(MarkdownBlocks.render(section.blocks())).append("\n\n");
        }
        String written = withoutRepeats(out.toString().strip());
        // a list never opens the section: a sentence says what it lists
        return written.startsWith("\\begin{itemize}") || written.startsWith("\\begin{enumerate}")
                ? LIST_LEAD.formatted(idea.name().map(LatexText::text).orElse("The method")) + "\n" + written
                : written;
    }

    /** The sentence before a method given as a bare list of steps. */
    static final String LIST_LEAD = "%s proceeds as follows.";

    /** Sentences of this length or more are never written twice; shorter ones may restate a claim. */
    private static final int REPEATABLE_WORDS = 8;

    /**
     * The prose with every long sentence it already said left out: a full-text extract's methods repeat a step
     * word for word under two protocols, and the paper says it once. Lines of LaTeX structure stay as they are.
     */
    static String withoutRepeats(String latex) {
        Set<String> said = new HashSet<>();
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : latex.split("\n\n", -1)) {
            if (paragraph.isBlank() || paragraph.strip().startsWith("\\")) {
                paragraphs.add(paragraph);
                continue;
            }
            List<String> sentences = Prose.sentences(paragraph.strip());
            List<String> kept = sentences.stream().filter(sentence ->
                    Prose.wordCount(sentence) < REPEATABLE_WORDS || said.add(Prose.normalised(sentence))).toList();
            // a paragraph without a repeat stays exactly as written (its line breaks and comments included)
            if (kept.size() == sentences.size()) {
                paragraphs.add(paragraph);
            } else if (!kept.isEmpty()) {
                paragraphs.add(String.join(" ", kept));
            }
        }
        return String.join("\n\n", paragraphs);
    }
}
