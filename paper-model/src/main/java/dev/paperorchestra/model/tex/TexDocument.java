package dev.paperorchestra.model.tex;

import dev.paperorchestra.model.tex.TexSignature.Part;
import dev.paperorchestra.model.tex.TexToken.Kind;
import dev.paperorchestra.model.text.LineMap;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A LaTeX document read once, the way every gate, writer, reviewer measure and refine check reads it: comments,
 * groups, verbatim, environments and commands with their (optional) arguments, and from those the preamble, the
 * document class and its options, the packages, the sections with their {@link SectionRole}, the abstract, the
 * floats with their captions and the bibliography. Every element knows where it stands ({@link TexSpan}, and
 * {@link #lineOf} for people). Parsing and every query are linear in the length of the source.
 *
 * <p>What lies in a comment, in a verbatim environment, in the body of a macro definition ({@code \newcommand},
 * {@code \def}, {@code \newenvironment}) or in a message ({@code \PackageError}, {@code \typeout}, after
 * {@code \string} or {@code \protect}) is not part of the document's structure: a {@code \\usepackage} written
 * inside an error message loads nothing, and a {@code \begin{itemize}} inside a macro body opens nothing.
 */
public final class TexDocument {

    /**
     * Commands that define macros or environments, with how many brace groups after them are code to be run
     * later rather than structure (a macro's name given as a command does not count).
     */
    private static final Map<String, Integer> DEFINITIONS = Map.ofEntries(Map.entry("newcommand", 2),
            Map.entry("renewcommand", 2), Map.entry("providecommand", 2), Map.entry("DeclareRobustCommand", 2),
            Map.entry("newenvironment", 3), Map.entry("renewenvironment", 3), Map.entry("NewDocumentCommand", 3),
            Map.entry("RenewDocumentCommand", 3), Map.entry("ProvideDocumentCommand", 3),
            Map.entry("DeclareDocumentCommand", 3), Map.entry("NewDocumentEnvironment", 4),
            Map.entry("RenewDocumentEnvironment", 4), Map.entry("def", 1), Map.entry("gdef", 1),
            Map.entry("edef", 1), Map.entry("xdef", 1), Map.entry("AtBeginDocument", 1),
            Map.entry("AtEndDocument", 1), Map.entry("AtEndOfClass", 1), Map.entry("AtEndOfPackage", 1),
            Map.entry("g@addto@macro", 2), Map.entry("appto", 2), Map.entry("preto", 2), Map.entry("apptocmd", 4),
            Map.entry("pretocmd", 4), Map.entry("patchcmd", 5), Map.entry("AddToHook", 2));
    /** Commands whose arguments are messages for people, never code, with how many brace groups they take. */
    private static final Map<String, Integer> MESSAGES = Map.ofEntries(Map.entry("PackageError", 3),
            Map.entry("ClassError", 3), Map.entry("PackageWarning", 2), Map.entry("ClassWarning", 2),
            Map.entry("PackageWarningNoLine", 2), Map.entry("ClassWarningNoLine", 2), Map.entry("PackageInfo", 2),
            Map.entry("ClassInfo", 2), Map.entry("GenericError", 4), Map.entry("GenericWarning", 2),
            Map.entry("GenericInfo", 2), Map.entry("typeout", 1), Map.entry("message", 1),
            Map.entry("errmessage", 1), Map.entry("wlog", 1), Map.entry("@latex@error", 2),
            Map.entry("@latex@warning", 1), Map.entry("@latex@warning@no@line", 1), Map.entry("@latex@info", 1),
            Map.entry("errhelp", 1));
    /** Commands after which the next command is printed or deferred, not run. */
    private static final Set<String> QUOTING = Set.of("string", "protect", "noexpand", "detokenize", "unexpanded");
    /** Heading commands by depth. */
    private static final List<String> HEADINGS = List.of("part", "chapter", "section", "subsection",
            "subsubsection", "paragraph", "subparagraph");
    /** Environments that are floats: figures and tables with their captions. */
    private static final Set<String> FLOATS = Set.of("figure", "figure*", "table", "table*", "wrapfigure",
            "wraptable", "sidewaysfigure", "sidewaystable", "teaserfigure", "algorithm", "algorithm*", "SCfigure");

    /** Environments that are not running text: floats, tables, display math, code and pictures. */
    private static final Set<String> NOT_PROSE = Set.of("figure", "figure*", "table", "table*", "wrapfigure",
            "wraptable", "sidewaysfigure", "sidewaystable", "teaserfigure", "algorithm", "algorithm*", "SCfigure",
            "tabular", "tabular*", "tabularx", "longtable", "tabu", "array", "equation", "equation*", "align",
            "align*", "gather", "gather*", "multline", "multline*", "eqnarray", "eqnarray*", "displaymath",
            "flalign", "flalign*", "alignat", "alignat*", "verbatim", "verbatim*", "Verbatim", "lstlisting", "minted",
            "comment", "tikzpicture", "picture", "algorithmic", "thebibliography", "filecontents", "filecontents*");
    /** Environments whose whole body is display math. */
    private static final Set<String> DISPLAY_MATH = Set.of("equation", "equation*", "align", "align*", "gather",
            "gather*", "multline", "multline*", "eqnarray", "eqnarray*", "displaymath", "math", "flalign",
            "flalign*", "alignat", "alignat*");

    private final String source;
    private final TexToken[] tokens;
    /** For a BEGIN_GROUP token, the index of its END_GROUP, else -1. */
    private final int[] groupEnd;
    /** True for tokens that are not structure: in a definition body or a message. */
    private final boolean[] inert;
    private final LineMap lines;
    private @Nullable List<TexEnvironment> environments;
    private @Nullable List<String> environmentProblems;
    private @Nullable List<TexSection> sections;

    private TexDocument(String source, boolean atLetter) {
        this.source = source;
        this.tokens = TexLexer.tokens(source, atLetter).toArray(TexToken[]::new);
        this.groupEnd = matchGroups(tokens);
        this.lines = new LineMap(source);
        this.inert = new boolean[tokens.length];
        markInert();
    }

    /** A document or a fragment of one ({@code @} is not a letter). */
    public static TexDocument parse(String source) {
        return new TexDocument(source, false);
    }

    /** A class or package file ({@code @} is a letter). */
    public static TexDocument parseCode(String source) {
        return new TexDocument(source, true);
    }

    /** The words a reader sees in a piece of LaTeX: see {@link TexPlainText}. */
    public static String plainText(String latex) {
        TexDocument document = parse(latex);
        return TexPlainText.of(document, new TexSpan(0, latex.length()));
    }

    public String source() {
        return source;
    }

    public List<TexToken> tokens() {
        return Arrays.asList(tokens);
    }

    /** 1-based line of an offset. */
    public int lineOf(int offset) {
        return lines.lineOf(offset);
    }

    /** The source of a span. */
    public String text(TexSpan span) {
        return span.of(source);
    }

    /** The words a reader sees in a span of this document. */
    public String plainText(TexSpan span) {
        return TexPlainText.of(this, span);
    }

    /** As {@link #plainText(TexSpan)}, with each citation as its keys in brackets, where a reader sees its mark. */
    public String plainTextWithCitations(TexSpan span) {
        return TexPlainText.of(this, span, true);
    }

    // ---- commands

    /**
     * Every use of the named commands that is structure (not in a comment, a verbatim body, a definition or a
     * message), with the arguments their declared signature ({@link TexSignatures}) reads, in order.
     */
    public List<TexCommand> commands(String... names) {
        Set<String> wanted = Set.of(names);
        List<TexCommand> found = new ArrayList<>();
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].kind() == Kind.COMMAND && !inert[i] && wanted.contains(tokens[i].text())) {
                found.add(commandAt(i, TexSignatures.of(tokens[i].text())));
            }
        }
        return found;
    }

    /** Like {@link #commands} but also where they are inert (in definitions and messages): what the code names. */
    public List<TexCommand> allCommands(String... names) {
        Set<String> wanted = Set.of(names);
        List<TexCommand> found = new ArrayList<>();
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].kind() == Kind.COMMAND && wanted.contains(tokens[i].text())) {
                found.add(commandAt(i, TexSignatures.of(tokens[i].text())));
            }
        }
        return found;
    }

    /**
     * The file an {@code \\input}-like command names: its brace group, or as TeX reads a file name given without
     * braces ({@code \\input preamble.tex}), the characters up to the next space or command.
     */
    public String fileName(TexCommand command) {
        Optional<TexArgument> argument = command.argument(0);
        if (argument.isPresent() && argument.get().span().length() > argument.get().content().length()) {
            return argument.get().text().strip();
        }
        int at = skipBlank(command.token() + 1);
        StringBuilder name = new StringBuilder();
        while (at < tokens.length && (tokens[at].kind() == Kind.TEXT || tokens[at].kind() == Kind.SUBSCRIPT)) {
            name.append(tokens[at].text());
            at++;
        }
        return name.toString().strip();
    }

    /** The first structural use of a command. */
    public Optional<TexCommand> first(String name) {
        List<TexCommand> found = commands(name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    /** Whether the token at an index is not structure (a definition body or a message). */
    public boolean isInert(int token) {
        return inert[token];
    }

    /** The command at a token index with the arguments a signature reads. */
    public TexCommand commandAt(int index, TexSignature signature) {
        TexToken command = tokens[index];
        int next = index + 1;
        boolean starred = false;
        List<@Nullable TexArgument> arguments = new ArrayList<>();
        int end = command.end();
        for (Part part : signature.parts()) {
            int at = skipBlank(next);
            switch (part) {
                case STAR -> {
                    if (at < tokens.length && tokens[at].kind() == Kind.TEXT && tokens[at].text().startsWith("*")
                            && tokens[at].text().length() == 1) {
                        starred = true;
                        end = tokens[at].end();
                        next = at + 1;
                    }
                }
                case OPTIONAL -> {
                    int close = at < tokens.length && tokens[at].isText("[") ? bracketEnd(at) : -1;
                    if (close < 0) {
                        arguments.add(null);
                    } else {
                        TexSpan span = new TexSpan(tokens[at].start(), tokens[close].end());
                        TexSpan content = new TexSpan(tokens[at].end(), tokens[close].start());
                        arguments.add(new TexArgument(true, span, content, source));
                        end = span.end();
                        next = close + 1;
                    }
                }
                case MANDATORY -> {
                    TexArgument argument = mandatoryAt(at);
                    arguments.add(argument);
                    if (argument != null) {
                        end = argument.span().end();
                        next = tokenAfter(at, argument);
                    }
                }
            }
        }
        return new TexCommand(command.text(), index, new TexSpan(command.start(), end), starred, arguments);
    }

    private @Nullable TexArgument mandatoryAt(int at) {
        if (at >= tokens.length) {
            return null;
        }
        TexToken token = tokens[at];
        if (token.kind() == Kind.BEGIN_GROUP) {
            int close = groupEnd[at];
            if (close < 0) {
                // a group that never closes is no argument (TeX stops with a runaway argument)
                return null;
            }
            TexSpan content = new TexSpan(token.end(), tokens[close].start());
            return new TexArgument(false, new TexSpan(token.start(), tokens[close].end()), content, source);
        }
        if (token.kind() == Kind.END_GROUP || token.kind() == Kind.PARAGRAPH) {
            return null;
        }
        // an undelimited argument is one token; of a run of letters TeX takes the first character
        int end = token.kind() == Kind.TEXT ? token.start() + Character.charCount(source.codePointAt(token.start()))
                : token.end();
        TexSpan span = new TexSpan(token.start(), end);
        return new TexArgument(false, span, span, source);
    }

    private int tokenAfter(int at, TexArgument argument) {
        return tokens[at].kind() == Kind.BEGIN_GROUP ? groupEnd[at] + 1 : at + 1;
    }

    /** The index of the {@code ]} closing the {@code [} at {@code open}, braces skipped, or -1. */
    private int bracketEnd(int open) {
        for (int i = open + 1; i < tokens.length; i++) {
            TexToken token = tokens[i];
            if (token.kind() == Kind.BEGIN_GROUP) {
                if (groupEnd[i] < 0) {
                    return -1;
                }
                i = groupEnd[i];
            } else if (token.isText("]")) {
                return i;
            } else if (token.kind() == Kind.PARAGRAPH || token.kind() == Kind.END_GROUP) {
                return -1;
            }
        }
        return -1;
    }

    private int skipBlank(int from) {
        int i = from;
        while (i < tokens.length && tokens[i].isBlank()) {
            i++;
        }
        return i;
    }

    // ---- the document's frame

    /** {@code \documentclass[options]{name}}, when the document has one. */
    public Optional<DocumentClass> documentClass() {
        return first("documentclass").map(command -> new DocumentClass(command.lastText().strip(),
                TexLists.split(command.text(0)), command));
    }

    /** Every {@code \\usepackage}/{@code \RequirePackage}, one entry per package named. */
    public List<PackageUse> packages() {
        List<PackageUse> packages = new ArrayList<>();
        for (TexCommand command : commands("usepackage", "RequirePackage", "RequirePackageWithOptions")) {
            List<String> options = TexLists.split(command.text(0));
            for (String name : TexLists.split(command.text(1))) {
                packages.add(new PackageUse(name, options, command));
            }
        }
        return packages;
    }

    /** Where {@code \begin{document}} ends, or 0 for a fragment without one. */
    public int bodyStart() {
        return environment("document").map(environment -> environment.content().start()).orElse(0);
    }

    /** Where {@code \end{document}} starts, or the end of the source. */
    public int bodyEnd() {
        return environment("document").map(environment -> environment.content().end()).orElse(source.length());
    }

    /** Everything before {@code \begin{document}} (empty for a fragment). */
    public TexSpan preamble() {
        return environment("document").map(environment -> new TexSpan(0, environment.begin().start()))
                .orElse(new TexSpan(0, 0));
    }

    /** Whether the source is a whole document ({@code \documentclass} and a document environment). */
    public boolean isComplete() {
        return documentClass().isPresent() && environment("document").isPresent();
    }

    // ---- environments

    /** Every environment that opens and closes, in the order they open. */
    public List<TexEnvironment> environments() {
        if (environments == null) {
            matchEnvironments();
        }
        return environments;
    }

    /** The environments of these names, in order. */
    public List<TexEnvironment> environments(String... names) {
        Set<String> wanted = Set.of(names);
        return environments().stream().filter(environment -> wanted.contains(environment.name())).toList();
    }

    public Optional<TexEnvironment> environment(String name) {
        return environments().stream().filter(environment -> environment.name().equals(name)).findFirst();
    }

    /**
     * What is wrong with the nesting of the document body's environments, one sentence each naming the lines
     * ("\begin{table} on line 40 is closed by \end{figure} on line 52"); empty when every begin has its end.
     */
    public List<String> environmentProblems() {
        if (environmentProblems == null) {
            matchEnvironments();
        }
        return environmentProblems;
    }

    private void matchEnvironments() {
        List<TexEnvironment> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Deque<TexCommand> open = new ArrayDeque<>();
        for (TexCommand command : commands("begin", "end")) {
            String name = command.text(0).strip();
            if (command.name().equals("begin")) {
                open.push(command);
                continue;
            }
            if (open.isEmpty()) {
                problems.add("\\end{" + name + "} on line " + lineOf(command.start()) + " closes nothing");
                continue;
            }
            if (open.stream().noneMatch(begin -> begin.text(0).strip().equals(name))) {
                TexCommand top = open.peek();
                problems.add("\\begin{" + top.text(0).strip() + "} on line " + lineOf(top.start())
                        + " is closed by \\end{" + name + "} on line " + lineOf(command.start()));
                open.pop();
                continue;
            }
            while (!open.peek().text(0).strip().equals(name)) {
                TexCommand unclosed = open.pop();
                problems.add("\\begin{" + unclosed.text(0).strip() + "} on line " + lineOf(unclosed.start())
                        + " is never closed");
            }
            TexCommand begin = open.pop();
            found.add(new TexEnvironment(name, begin, command, new TexSpan(begin.start(), command.end()),
                    new TexSpan(begin.end(), command.start())));
        }
        while (!open.isEmpty()) {
            TexCommand unclosed = open.pollLast();
            problems.add("\\begin{" + unclosed.text(0).strip() + "} on line " + lineOf(unclosed.start())
                    + " is never closed");
        }
        found.sort((a, b) -> Integer.compare(a.span().start(), b.span().start()));
        environments = List.copyOf(found);
        environmentProblems = List.copyOf(problems);
    }

    /**
     * Whether braces balance in the document: "" when they do, else what is wrong ("a } on line 12 closes no {",
     * "2 { are never closed").
     */
    public String braceProblem() {
        int depth = 0;
        for (TexToken token : tokens) {
            if (token.kind() == Kind.BEGIN_GROUP) {
                depth++;
            } else if (token.kind() == Kind.END_GROUP && --depth < 0) {
                return "a } on line " + lineOf(token.start()) + " closes no {";
            }
        }
        return depth == 0 ? "" : depth + " { " + (depth == 1 ? "is" : "are") + " never closed";
    }

    // ---- sections and parts

    /** Every heading in the document body, in order, with the span of its body. */
    public List<TexSection> sections() {
        if (sections == null) {
            sections = List.copyOf(findSections());
        }
        return sections;
    }

    /** The top-level sections ({@code \section}, or {@code \chapter} in a book class). */
    public List<TexSection> topSections() {
        int top = sections().stream().mapToInt(TexSection::level).min().orElse(1);
        return sections().stream().filter(section -> section.level() == Math.max(top, 0)).toList();
    }

    /** The first top-level section of a role. */
    public Optional<TexSection> section(SectionRole role) {
        return topSections().stream().filter(section -> section.role() == role).findFirst();
    }

    /** The first section (any level) titled so, compared as {@link SectionRole#normalise} does. */
    public Optional<TexSection> sectionTitled(String title) {
        String wanted = SectionRole.normalise(title);
        return sections().stream().filter(section -> SectionRole.normalise(section.title()).equals(wanted))
                .findFirst();
    }

    private List<TexSection> findSections() {
        int bodyStart = bodyStart();
        int bodyEnd = bodyEnd();
        int appendix = appendixStart().orElse(Integer.MAX_VALUE);
        List<TexCommand> headings = new ArrayList<>();
        for (TexCommand heading : commands(HEADINGS.toArray(String[]::new))) {
            if (heading.start() >= bodyStart && heading.start() < bodyEnd && heading.argument(1).isPresent()) {
                headings.add(heading);
            }
        }
        List<Integer> boundaries = backMatterStarts();
        List<TexSection> found = new ArrayList<>();
        for (int i = 0; i < headings.size(); i++) {
            TexCommand heading = headings.get(i);
            int level = HEADINGS.indexOf(heading.name()) - 1;
            int end = bodyEnd;
            for (int j = i + 1; j < headings.size(); j++) {
                if (HEADINGS.indexOf(headings.get(j).name()) - 1 <= level) {
                    end = headings.get(j).start();
                    break;
                }
            }
            for (int boundary : boundaries) {
                if (boundary > heading.end() && boundary < end) {
                    end = boundary;
                    break;
                }
            }
            String title = heading.lastText().strip();
            SectionRole role = SectionRole.of(title);
            PaperPart part = heading.start() >= appendix ? PaperPart.APPENDIX : role.part();
            found.add(new TexSection(heading, level, title, role, part, new TexSpan(heading.start(), end),
                    new TexSpan(heading.end(), Math.max(heading.end(), end))));
        }
        return found;
    }

    /**
     * Where the back matter and appendix begin, in order: {@code \appendix}, the bibliography commands and
     * environment, {@code \end{document}}. A section's body never runs past one.
     */
    private List<Integer> backMatterStarts() {
        List<Integer> starts = new ArrayList<>();
        for (TexCommand command : commands("appendix", "appendices", "bibliography", "bibliographystyle",
                "printbibliography")) {
            starts.add(command.start());
        }
        environments("thebibliography", "acks").forEach(environment -> starts.add(environment.span().start()));
        starts.add(bodyEnd());
        starts.sort(Integer::compare);
        return starts;
    }

    /** Where {@code \appendix} stands, when the body has one. */
    public Optional<Integer> appendixStart() {
        int bodyStart = bodyStart();
        // IEEEtran names it \appendices
        return commands("appendix", "appendices").stream().map(TexCommand::start).filter(start -> start >= bodyStart)
                .findFirst();
    }

    /**
     * Where the main text ends: the first of the appendix, the bibliography, a section of a part that page limits
     * may leave uncounted ({@code notCounted}), or the end of the body.
     */
    public int mainTextEnd(Set<PaperPart> notCounted) {
        int end = bodyEnd();
        for (int start : backMatterStarts()) {
            if (start >= bodyStart()) {
                end = Math.min(end, start);
                break;
            }
        }
        for (TexSection section : sections()) {
            if (section.part() != PaperPart.MAIN_TEXT && notCounted.contains(section.part())) {
                end = Math.min(end, section.span().start());
                break;
            }
        }
        return end;
    }

    // ---- running text and math

    /**
     * The running text of a span, paragraph by paragraph: split at blank lines, {@code \par}, {@code \item},
     * headings (left out) and environment boundaries; floats, tables, display math, code and the bibliography
     * list left out whole. Paragraphs without a word are dropped.
     */
    public List<TexParagraph> paragraphs(TexSpan within) {
        Map<Integer, Integer> skipped = new java.util.HashMap<>();
        for (TexEnvironment environment : environments()) {
            if (NOT_PROSE.contains(environment.name())) {
                skipped.putIfAbsent(environment.span().start(), environment.span().end());
            }
        }
        List<TexParagraph> paragraphs = new ArrayList<>();
        int pieceStart = within.start();
        int i = tokenAt(within.start());
        while (i < tokens.length && tokens[i].start() < within.end()) {
            TexToken token = tokens[i];
            int resume = -1;
            if (token.kind() == Kind.PARAGRAPH) {
                resume = token.end();
            } else if (token.kind() == Kind.COMMAND && !inert[i]) {
                String name = token.text();
                Integer skipEnd = name.equals("begin") ? skipped.get(token.start()) : null;
                if (skipEnd != null) {
                    resume = skipEnd;
                } else if (name.equals("begin") || name.equals("end") || HEADINGS.contains(name)) {
                    resume = commandAt(i, TexSignatures.of(name)).end();
                } else if (name.equals("par") || name.equals("item")) {
                    resume = name.equals("item") ? commandAt(i, TexSignatures.of(name)).end() : token.end();
                }
            }
            if (resume < 0) {
                i++;
                continue;
            }
            addParagraph(paragraphs, pieceStart, Math.min(token.start(), within.end()));
            pieceStart = Math.min(Math.max(resume, token.end()), within.end());
            i = Math.max(i + 1, tokenAt(pieceStart));
        }
        addParagraph(paragraphs, pieceStart, within.end());
        return paragraphs;
    }

    private void addParagraph(List<TexParagraph> paragraphs, int start, int end) {
        int i = tokenAt(start);
        while (i < tokens.length && tokens[i].start() < end && tokens[i].isBlank()) {
            i++;
        }
        int from = i < tokens.length ? Math.min(tokens[i].start(), end) : end;
        if (from >= end) {
            return;
        }
        TexSpan span = new TexSpan(from, end);
        String text = TexPlainText.of(this, span);
        if (text.chars().anyMatch(Character::isLetterOrDigit)) {
            paragraphs.add(new TexParagraph(span, text));
        }
    }

    /**
     * Every stretch of math, in order of where it starts: {@code $...$}, {@code $$...$$}, {@code \(...\)},
     * {@code \[...\]} and the display-math environments (equation, align, ...). A {@code $} left open at a
     * paragraph break opens nothing (TeX stops there too).
     */
    public List<TexSpan> mathSpans() {
        List<TexSpan> spans = new ArrayList<>();
        for (TexEnvironment environment : environments()) {
            if (DISPLAY_MATH.contains(environment.name())) {
                spans.add(environment.span());
            }
        }
        int open = -1;
        String opener = "";
        for (int i = 0; i < tokens.length; i++) {
            TexToken token = tokens[i];
            if (inert[i]) {
                continue;
            }
            if (token.kind() == Kind.PARAGRAPH && open >= 0 && !opener.equals("[")) {
                open = -1;
            } else if (token.kind() == Kind.MATH_SHIFT) {
                if (open < 0) {
                    open = i;
                    opener = token.text();
                } else if (opener.equals(token.text())) {
                    spans.add(new TexSpan(tokens[open].start(), token.end()));
                    open = -1;
                }
            } else if (token.kind() == Kind.COMMAND) {
                String name = token.text();
                if (open < 0 && (name.equals("(") || name.equals("["))) {
                    open = i;
                    opener = name;
                } else if (open >= 0 && (name.equals(")") && opener.equals("(") || name.equals("]")
                        && opener.equals("["))) {
                    spans.add(new TexSpan(tokens[open].start(), token.end()));
                    open = -1;
                }
            }
        }
        spans.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return spans;
    }

    // ---- front matter, floats, bibliography

    /** The abstract environment, or an {@code \abstract{...}} command's argument, when there is one. */
    public Optional<TexSpan> abstractContent() {
        Optional<TexEnvironment> environment = environment("abstract");
        if (environment.isPresent()) {
            return Optional.of(environment.get().content());
        }
        return first("abstract").flatMap(command -> command.argument(0)).map(TexArgument::content);
    }

    /** The abstract's text as written, "" when there is none. */
    public String abstractText() {
        return abstractContent().map(this::text).orElse("");
    }

    /** {@code \title}'s text as written (the last argument), when there is one. */
    public Optional<TexCommand> title() {
        return first("title");
    }

    /** Every float with its captions, labels and included graphics, in order. */
    public List<TexFloat> floats() {
        List<TexFloat> floats = new ArrayList<>();
        List<TexCommand> captions = commands("caption");
        List<TexCommand> labels = commands("label");
        List<TexCommand> graphics = commands("includegraphics");
        for (TexEnvironment environment : environments()) {
            if (!FLOATS.contains(environment.name())) {
                continue;
            }
            TexSpan span = environment.span();
            floats.add(new TexFloat(environment, within(captions, span), within(labels, span),
                    within(graphics, span)));
        }
        return floats;
    }

    private static List<TexCommand> within(List<TexCommand> commands, TexSpan span) {
        return commands.stream().filter(command -> span.contains(command.span())).toList();
    }

    /** The bibliography commands and environment. */
    public Bibliography bibliography() {
        List<String> files = new ArrayList<>();
        commands("bibliography", "addbibresource").forEach(command -> files.addAll(TexLists.split(
                command.lastText())));
        Optional<String> style = first("bibliographystyle").map(command -> command.lastText().strip());
        Optional<TexEnvironment> list = environment("thebibliography");
        List<TexCommand> items = list.map(environment -> within(commands("bibitem"), environment.span()))
                .orElse(List.of());
        return new Bibliography(files, style, list, items, commands("bibliography", "bibliographystyle",
                "addbibresource", "printbibliography"));
    }

    /**
     * Every key cited, in order, each once: by the commands of LaTeX, natbib and biblatex ({@link TexCitations})
     * and any other command whose name holds "cite" ({@code \\citeA}, {@code \\shortcite}), read with a
     * citation's arguments.
     */
    public List<String> citedKeys() {
        Set<String> seen = new HashSet<>();
        List<String> keys = new ArrayList<>();
        TexSignature citation = TexSignatures.of("cite");
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].kind() != Kind.COMMAND || inert[i] || !TexCitations.isCitation(tokens[i].text())) {
                continue;
            }
            for (String key : TexLists.split(commandAt(i, citation).lastText())) {
                if (!key.equals("*") && seen.add(key)) {
                    keys.add(key);
                }
            }
        }
        return keys;
    }

    /**
     * The source with what TeX never runs blanked (every character but line ends a space, so offsets and lines
     * stay): comments always, and the bodies of verbatim environments, {@code \\verb} and {@code \\lstinline}
     * unless the document (re)defines one of them or includes a comment environment's body, in which case they may
     * run and are kept.
     */
    public String withInertTextBlanked() {
        boolean verbatimHolds = !redefinesVerbatim();
        StringBuilder out = new StringBuilder(source.length());
        for (TexToken token : tokens) {
            boolean blank = token.kind() == Kind.COMMENT || verbatimHolds && token.kind() == Kind.VERBATIM;
            for (int i = token.start(); i < token.end(); i++) {
                char c = source.charAt(i);
                out.append(blank && c != '\n' && c != '\r' ? ' ' : c);
            }
        }
        return out.toString();
    }

    /** Whether a definition, a {@code \\let} or the comment package names a verbatim command or environment. */
    private boolean redefinesVerbatim() {
        Set<String> defining = Set.of("def", "gdef", "edef", "xdef", "let", "newcommand", "renewcommand",
                "providecommand", "DeclareRobustCommand", "NewDocumentCommand", "RenewDocumentCommand",
                "ProvideDocumentCommand", "DeclareDocumentCommand", "newenvironment", "renewenvironment",
                "NewDocumentEnvironment", "RenewDocumentEnvironment", "ProvideDocumentEnvironment",
                "DeclareDocumentEnvironment", "includecomment", "specialcomment", "processcomment",
                "excludecomment", "lstnewenvironment", "DefineVerbatimEnvironment", "newminted", "newmintinline",
                "catcode");
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].kind() != Kind.COMMAND || !defining.contains(tokens[i].text())) {
                continue;
            }
            for (int j = i + 1, seen = 0; j < tokens.length && seen < 4; j++) {
                TexToken next = tokens[j];
                if (next.isBlank()) {
                    continue;
                }
                seen++;
                String name = next.text();
                if (next.kind() == Kind.COMMAND && (name.equals("verb") || name.equals("lstinline"))
                        || next.kind() == Kind.TEXT && TexLexer.VERBATIM_ENVIRONMENTS.contains(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A span of the source as written, its comments left out. */
    public String withoutComments(TexSpan span) {
        StringBuilder out = new StringBuilder(span.length());
        for (int i = tokenAt(span.start()); i < tokens.length && tokens[i].start() < span.end(); i++) {
            if (tokens[i].kind() != Kind.COMMENT) {
                out.append(source, Math.max(span.start(), tokens[i].start()), Math.min(span.end(), tokens[i].end()));
            }
        }
        return out.toString();
    }

    /** The source without its comments ({@code %} to the end of the line; an escaped {@code \\%} stays). */
    public String withoutComments() {
        StringBuilder out = new StringBuilder(source.length());
        for (TexToken token : tokens) {
            if (token.kind() != Kind.COMMENT) {
                out.append(source, token.start(), token.end());
            }
        }
        return out.toString();
    }

    /** The command token ending a group that starts at a token index, for readers walking the tokens. */
    int groupEnd(int beginGroup) {
        return groupEnd[beginGroup];
    }

    TexToken token(int index) {
        return tokens[index];
    }

    int tokenCount() {
        return tokens.length;
    }

    /** The index of the first token starting at or after an offset. */
    int tokenAt(int offset) {
        int low = 0;
        int high = tokens.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (tokens[mid].start() < offset) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    // ---- building

    private static int[] matchGroups(TexToken[] tokens) {
        int[] ends = new int[tokens.length];
        Arrays.fill(ends, -1);
        int[] stack = new int[tokens.length + 1];
        int depth = 0;
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].kind() == Kind.BEGIN_GROUP) {
                stack[depth++] = i;
            } else if (tokens[i].kind() == Kind.END_GROUP && depth > 0) {
                ends[stack[--depth]] = i;
            }
        }
        return ends;
    }

    /** Marks definition bodies, message arguments and quoted commands as not structure. */
    private void markInert() {
        for (int i = 0; i < tokens.length; i++) {
            TexToken token = tokens[i];
            if (token.kind() != Kind.COMMAND || inert[i]) {
                continue;
            }
            String name = token.text();
            if (QUOTING.contains(name) && i + 1 < tokens.length) {
                inert[i + 1] = true;
            } else if (MESSAGES.containsKey(name)) {
                markFollowingGroups(i, MESSAGES.get(name));
            } else if (DEFINITIONS.containsKey(name)) {
                markFollowingGroups(i, DEFINITIONS.get(name));
            }
        }
    }

    /**
     * Marks the groups after a command as inert, up to {@code limit} of them, stopping at the first token that is
     * neither a group, a bracket argument, a blank nor (for {@code \def}) the parameter text before the body.
     */
    private void markFollowingGroups(int command, int limit) {
        int i = command + 1;
        int groups = 0;
        int brackets = 0;
        while (i < tokens.length && groups < limit) {
            TexToken token = tokens[i];
            if (token.kind() == Kind.BEGIN_GROUP) {
                if (groupEnd[i] < 0) {
                    return;
                }
                Arrays.fill(inert, i, groupEnd[i] + 1, true);
                i = groupEnd[i] + 1;
                groups++;
                continue;
            }
            if (token.isText("[")) {
                brackets++;
            } else if (token.isText("]")) {
                brackets = Math.max(0, brackets - 1);
            } else if (!(token.isBlank() || token.isText("*") || token.kind() == Kind.PARAMETER || brackets > 0
                    || groups == 0 && (token.kind() == Kind.COMMAND
                            || token.kind() == Kind.TEXT && token.text().length() <= 2))) {
                return;
            }
            i++;
        }
    }
}
