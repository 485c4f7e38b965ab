package dev.paperorchestra.model.template;

import dev.paperorchestra.model.template.TemplateSection.Use;
import dev.paperorchestra.model.tex.TexArgument;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSignatures;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A template read as slots: its title, author block, abstract, keywords, teaser, acknowledgements, bibliography,
 * venue metadata and other sample matter, each where it stands, and its sections sorted into the paper's skeleton
 * and the kit's sample content ({@link TemplateSkeleton}). Reads every common form: article, acmart, IEEEtran,
 * llncs, elsarticle, and the ML venues' kits. Only structure counts: a command in a comment, a verbatim block or
 * a macro definition is no slot.
 */
public final class TemplateSlots {

    /** The commands of each kind, by name. A command's arguments are read by its TeX signature. */
    private static final Map<SlotKind, List<String>> COMMANDS = Map.of(
            SlotKind.TITLE, List.of("title", "subtitle", "titlerunning", "shorttitle", "runningtitle", "tnotetext",
                    "titlenote"),
            SlotKind.AUTHOR, List.of("author", "affiliation", "email", "orcid", "authornote", "authornotemark",
                    "additionalaffiliation",
                    "authorsaddresses", "institute", "address", "ead", "cortext", "fntext", "thanks",
                    "IEEEauthorblockN", "IEEEauthorblockA", "IEEEmembership", "authorrunning", "markboth", "icmlauthor",
                    "icmlaffiliation", "icmlcorrespondingauthor", "affiliations", "affil",
                    // OUP's running head of names and corresponding author
                    "authormark", "corresp"),
            SlotKind.KEYWORDS, List.of("keywords", "ccsdesc", "IEEEkeywords"),
            // OUP's and Bioinformatics' abstract is a command, not an environment
            SlotKind.ABSTRACT, List.of("abstract"),
            SlotKind.BIBLIOGRAPHY, List.of("bibliography", "addbibresource"),
            SlotKind.VENUE, List.of("setcopyright", "copyrightyear", "acmYear", "acmDOI", "acmConference",
                    "acmBooktitle", "acmISBN", "acmPrice", "acmSubmissionID", "received", "acmJournal", "acmVolume",
                    "acmNumber", "acmArticle", "acmMonth", "acmBadge", "IEEEpubid", "IEEEpubidadjcol", "journal",
                    // llncsconf's proceedings footer
                    "conference", "llncs", "llncsdoi",
                    // jmlr's proceedings line
                    "jmlrvolume", "jmlryear", "jmlrworkshop", "jmlrsubmitted", "jmlrpublished", "jmlrproceedings",
                    "jmlrpages", "editor", "editors",
                    // OUP's journal line: what the class has a default for (its journal title, year and notes it
                    // typesets around line breaks that an empty value leaves with no line to end)
                    "DOI", "access"),
            // filler text a kit's sample sections are made of
            SlotKind.SAMPLE_MATTER, List.of("lipsum", "blindtext", "Blindtext", "blinddocument", "Blinddocument"));
    /** The environments of each kind, by name. */
    private static final Map<SlotKind, List<String>> ENVIRONMENTS = Map.of(
            // nature's affiliations list, OUP's author biographies
            SlotKind.AUTHOR, List.of("IEEEbiography", "IEEEbiographynophoto", "icmlauthorlist", "affiliations",
                    "biography"),
            SlotKind.ABSTRACT, List.of("abstract"),
            SlotKind.KEYWORDS, List.of("IEEEkeywords", "keyword", "keywords", "CCSXML"),
            SlotKind.TEASER, List.of("teaserfigure"),
            // nature's addendum: acknowledgements, competing interests, correspondence
            SlotKind.ACKNOWLEDGEMENTS, List.of("acks", "ack", "acknowledgments", "acknowledgements", "credits",
                    "addendum"),
            SlotKind.BIBLIOGRAPHY, List.of("thebibliography"),
            SlotKind.SAMPLE_MATTER, List.of("highlights", "graphicalabstract"));
    /** Commands whose content is the slot's value (the last mandatory argument), by kind. */
    private static final List<SlotKind> FILLED_BY_ARGUMENT = List.of(SlotKind.TITLE, SlotKind.ABSTRACT,
            SlotKind.KEYWORDS);

    private final TexDocument template;
    private final List<TemplateSlot> slots;
    private final List<TemplateSection> sections;

    private TemplateSlots(TexDocument template) {
        this.template = template;
        this.sections = TemplateSkeleton.sections(template);
        this.slots = List.copyOf(read());
    }

    /** The slots of a template. */
    public static TemplateSlots of(TexDocument template) {
        return new TemplateSlots(template);
    }

    public TexDocument template() {
        return template;
    }

    /** Every slot, in the order they stand in the source. */
    public List<TemplateSlot> slots() {
        return slots;
    }

    /** The slots of a kind, in order. */
    public List<TemplateSlot> slots(SlotKind kind) {
        return slots.stream().filter(slot -> slot.kind() == kind).toList();
    }

    /** The {@code \title} slot, when the template has one. */
    public Optional<TemplateSlot> title() {
        return slots(SlotKind.TITLE).stream().filter(slot -> slot.name().equals("title")).findFirst();
    }

    /** The abstract slot, when the template has one. */
    public Optional<TemplateSlot> abstractSlot() {
        return slots(SlotKind.ABSTRACT).stream().findFirst();
    }

    /** Every top-level section with its use. */
    public List<TemplateSection> sections() {
        return sections;
    }

    /** The sections the paper keeps, in order. */
    public List<TemplateSection> skeleton() {
        return sections.stream().filter(TemplateSection::skeleton).toList();
    }

    /** The sections that are the kit's sample content, in order. */
    public List<TemplateSection> sample() {
        return sections.stream().filter(section -> section.use() == Use.SAMPLE).toList();
    }

    /**
     * Whether the template shows a kit's sample content (sample sections, sample references, a teaser, CCS
     * concepts, venue metadata): a kit as its publisher ships it rather than a blank the author prepared.
     */
    public boolean showsSampleContent() {
        return !sample().isEmpty() || slots.stream().anyMatch(slot -> switch (slot.kind()) {
            case TEASER, VENUE, SAMPLE_MATTER -> true;
            case BIBLIOGRAPHY -> slot.name().equals("thebibliography");
            case KEYWORDS -> slot.content().map(content -> !template.plainText(content).isBlank()).orElse(true);
            default -> false;
        });
    }

    /**
     * The slots with those inside another slot left out ({@code \thanks} in {@code \author}, {@code \ccsdesc}
     * written inside a keyword environment): removing the outer one removes them.
     */
    public List<TemplateSlot> outermost() {
        List<TemplateSlot> outer = new ArrayList<>();
        for (TemplateSlot slot : slots) {
            if (slots.stream().noneMatch(other -> other.contains(slot)) && outer.stream().noneMatch(kept ->
                    kept.span().equals(slot.span()))) {
                outer.add(slot);
            }
        }
        return outer;
    }

    private List<TemplateSlot> read() {
        List<TemplateSlot> found = new ArrayList<>();
        COMMANDS.forEach((kind, names) -> {
            for (TexCommand command : template.commands(names.toArray(String[]::new))) {
                Optional<TexSpan> content = FILLED_BY_ARGUMENT.contains(kind) ? lastMandatory(command)
                        : Optional.empty();
                TexSpan span = kind == SlotKind.VENUE ? withTrailingGroups(command.span()) : command.span();
                found.add(new TemplateSlot(kind, command.name(), span, content));
            }
        });
        ENVIRONMENTS.forEach((kind, names) -> {
            for (TexEnvironment environment : template.environments(names.toArray(String[]::new))) {
                found.add(new TemplateSlot(kind, environment.name(), environment.span(),
                        Optional.of(environment.content())));
            }
        });
        // acmart and llncs name the running head's authors with \renewcommand{\shortauthors}{...}
        for (TexCommand definition : template.commands("renewcommand", "providecommand")) {
            if (definition.text(0).strip().equals("\\shortauthors")) {
                found.add(new TemplateSlot(SlotKind.AUTHOR, "shortauthors", definition.span(), Optional.empty()));
            }
        }
        for (TemplateSection section : sections) {
            if (section.use() == Use.SLOT) {
                SlotKind kind = section.section().role() == SectionRole.REFERENCES ? SlotKind.BIBLIOGRAPHY
                        : SlotKind.ACKNOWLEDGEMENTS;
                found.add(new TemplateSlot(kind, section.section().heading().name(),
                        section.section().span(), Optional.of(section.section().body())));
            }
        }
        for (TexEnvironment figure : template.environments("figure", "figure*")) {
            if (isSampleLegend(figure)) {
                found.add(new TemplateSlot(SlotKind.SAMPLE_MATTER, figure.name(), figure.span(), Optional.empty()));
            }
        }
        textAfterReferences().ifPresent(span -> found.add(new TemplateSlot(SlotKind.SAMPLE_MATTER,
                "text after the references", span, Optional.empty())));
        textBeforeSections().ifPresent(span -> found.add(new TemplateSlot(SlotKind.SAMPLE_MATTER,
                "text before the first section", span, Optional.empty())));
        found.sort(Comparator.comparingInt((TemplateSlot slot) -> slot.span().start())
                .thenComparingInt(slot -> -slot.span().end()));
        return found;
    }

    /**
     * A figure of the kit that is a caption alone, nothing drawn or included: the kit's guidance on figure
     * legends (nature's "Each figure legend should begin with a brief title ..."), never a figure of the paper.
     */
    private boolean isSampleLegend(TexEnvironment figure) {
        TexSpan span = figure.span();
        boolean captioned = template.commands("caption").stream().anyMatch(caption -> span.contains(caption.span()));
        boolean drawn = template.commands("includegraphics", "input", "include", "begin").stream()
                .anyMatch(command -> command.start() > span.start() && span.contains(command.span()));
        return captioned && !drawn;
    }

    /**
     * A venue command with the brace groups that follow it on its line: a class may give a command more
     * arguments than the common signature (OUP's {@code \received{Date}{0}{Year}}, acmart's
     * {@code \received{date}}), and a removed command never leaves its last values printed as text.
     */
    private TexSpan withTrailingGroups(TexSpan command) {
        int end = command.end();
        int depth = 0;
        for (TexToken token : template.tokens()) {
            if (token.start() < end) {
                continue;
            }
            if (depth == 0 && token.kind() == TexToken.Kind.SPACE && !token.text().contains("\n")) {
                continue;
            }
            if (token.kind() == TexToken.Kind.BEGIN_GROUP) {
                depth++;
            } else if (token.kind() == TexToken.Kind.END_GROUP && depth > 0) {
                depth--;
                if (depth == 0) {
                    end = token.end();
                }
            } else if (depth == 0) {
                break;
            }
        }
        return new TexSpan(command.start(), end);
    }

    private static Optional<TexSpan> lastMandatory(TexCommand command) {
        for (int i = command.arguments().size() - 1; i >= 0; i--) {
            TexArgument argument = command.arguments().get(i);
            if (argument != null && !argument.optional()) {
                return Optional.of(argument.content());
            }
        }
        return Optional.empty();
    }

    /**
     * Words between the references and the end of the document that belong to no section, environment slot or
     * appendix: a kit's closing guidance ("Please ensure that all template text is removed ...").
     */
    /**
     * Running text between the front matter (the abstract, {@code \\maketitle}) and the first section: a kit's
     * guidance paragraphs (Quantum's "a paragraph without a previous section title may directly follow the
     * abstract"); a paper's own text always stands under a section. Only the paragraphs go: a command or
     * environment between them (an input, a teaser, a slot of its own) stays where it is.
     */
    private Optional<TexSpan> textBeforeSections() {
        List<TexSection> top = template.topSections();
        if (top.isEmpty()) {
            return Optional.empty();
        }
        int firstSection = top.getFirst().span().start();
        int frontEnd = -1;
        for (TexEnvironment environment : template.environments("abstract")) {
            if (environment.span().end() <= firstSection) {
                frontEnd = Math.max(frontEnd, environment.span().end());
            }
        }
        for (TexCommand command : template.commands("maketitle")) {
            if (command.end() <= firstSection) {
                frontEnd = Math.max(frontEnd, command.end());
            }
        }
        if (frontEnd < 0) {
            return Optional.empty();
        }
        // the text up to the first command or environment after the front matter, and only that
        int end = firstSection;
        for (TexToken token : template.tokens()) {
            if (token.start() >= frontEnd && token.start() < end && token.kind() == TexToken.Kind.COMMAND
                    && !TexSignatures.showsText(token.text()) && !TexSignatures.isSilent(token.text())
                    && token.text().length() > 1 && !token.text().equals("par")) {
                end = token.start();
                break;
            }
        }
        for (TexEnvironment environment : template.environments()) {
            if (environment.span().start() >= frontEnd && environment.span().start() < end) {
                end = environment.span().start();
            }
        }
        if (end <= frontEnd) {
            return Optional.empty();
        }
        TexSpan text = new TexSpan(frontEnd, end);
        return Prose.wordCount(template.plainText(text)) > 0 ? Optional.of(text) : Optional.empty();
    }

    private Optional<TexSpan> textAfterReferences() {
        int bodyEnd = template.bodyEnd();
        int referencesEnd = -1;
        for (TexEnvironment list : template.environments("thebibliography")) {
            referencesEnd = Math.max(referencesEnd, list.span().end());
        }
        for (TexCommand command : template.commands("bibliography", "printbibliography")) {
            if (command.start() >= template.bodyStart()) {
                referencesEnd = Math.max(referencesEnd, command.end());
            }
        }
        if (referencesEnd < 0) {
            return Optional.empty();
        }
        int end = bodyEnd;
        for (TexCommand stop : template.commands("appendix", "appendices")) {
            if (stop.start() >= referencesEnd) {
                end = Math.min(end, stop.start());
            }
        }
        for (TexSection section : template.sections()) {
            if (section.span().start() >= referencesEnd) {
                end = Math.min(end, section.span().start());
            }
        }
        for (TexEnvironment environment : template.environments()) {
            if (environment.span().start() >= referencesEnd && environment.span().start() < end
                    && !environment.name().equals("document")) {
                end = Math.min(end, environment.span().start());
            }
        }
        if (end <= referencesEnd) {
            return Optional.empty();
        }
        TexSpan tail = new TexSpan(referencesEnd, end);
        return Prose.wordCount(template.plainText(tail)) > 0 ? Optional.of(tail) : Optional.empty();
    }
}
