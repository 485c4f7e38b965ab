package dev.paperorchestra.model.tex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The control sequences a TeX source names, checked one by one (the second half of {@link TexPrimitives}). A regular
 * expression over the text cannot see a name TeX builds while it runs, so this refuses what builds names, not only
 * the names.
 *
 * <p>In every mode: every command that reads or embeds files or runs code, however it is spelled
 * ({@code \pdfobj}, {@code \tex_pdfobj:D}, {@code \XeTeXpdffile}); {@code \special} other than a paper size (a
 * driver special reads files: {@code pdf:fstream}, {@code pdf:image}, {@code psfile=}, {@code header=}); catcode
 * changes that make an escape or a superscript character (the way around {@code ^^}); and every command that makes a
 * name from its argument ({@code \csname}, {@code \ifcsname}, {@code \@nameuse}, {@code \UseName}, {@code \begin},
 * etoolbox's {@code \csuse}...) unless that argument is plain letters, digits and {@code @*.-} naming nothing
 * refused, in either case ({@code \lowercase} can change it).
 *
 * <p>Without the sandbox ({@link Strictness#WITHOUT_SANDBOX}) also everything that turns text back into commands,
 * since any of them yields a backslash character that a later read makes into any name: {@code \string},
 * {@code \detokenize}, {@code \meaning}, {@code \scantokens}, {@code \pdfunescapehex}, {@code \@backslashchar},
 * verbatim capture; writing a file TeX reads back ({@code \write}, {@code \openout}); and any catcode change but
 * {@code @}'s, lccode and uccode changes and expl3 syntax. Inside bubblewrap these are what venue templates do
 * (AASTeX's sample prints command names with {@code \string}) and the sandbox holds whatever they build.
 */
final class TexNames {

    private static final String FILES = "reads a file or puts one into the PDF";
    private static final String RUNS = "runs code or a command";
    private static final String WRITES = "writes a file that TeX can read back as code";
    private static final String REREADS = "turns text into commands again, a way to build any command's name";
    private static final String CHARS = "changes how TeX reads characters, a way to build any command's name";
    private static final String BUILDS = "builds a command's name while TeX runs";

    /** How much is refused. */
    enum Strictness { EVERY_MODE, WITHOUT_SANDBOX }

    /** Refused wherever they are named, by the name TeX gives them (expl3's {@code \tex_X:D} is {@code X}). */
    private static final Map<String, String> REFUSED = new HashMap<>();
    /** Refused as well when no bubblewrap sandbox holds what the document builds. */
    private static final Map<String, String> REFUSED_WITHOUT_SANDBOX = new HashMap<>();
    /** Make a command from the text up to {@code \endcsname}. */
    private static final Set<String> UP_TO_ENDCSNAME = Set.of("csname", "ifcsname");
    /** Make a command from their first braced argument. */
    private static final Set<String> FROM_ARGUMENT = Set.of("@nameuse", "@namedef", "@namelet", "UseName", "csuse",
            "csdef", "csgdef", "csedef", "csxdef", "cslet", "letcs", "csletcs", "csgappto", "cseappto", "begin");
    /** What the argument of a name-making command may be: plain ASCII that no active character or macro changes. */
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9@*.\\s-]*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z@_:]+");
    /** expl3 functions that make a command from text: a {@code c} or {@code v} argument, {@code \\cs:w}, a rescan. */
    private static final Pattern EXPL_BUILDER = Pattern.compile("[A-Za-z@_]+:[A-Za-z]*[cv][A-Za-z]*|cs:w"
            + "|[a-z_]*rescan[a-z_]*:[A-Za-z]*");
    private static final Pattern EXPL = Pattern.compile("(?:tex|etex|pdftex|xetex|luatex|utex)_([A-Za-z@]+)");
    /** {@code \catcode`\@=11} (or 12), the one catcode change a template needs: {@code \makeatletter} by hand. */
    private static final Pattern AT_LETTER = Pattern.compile(
            "\\\\catcode\\s*(?:`\\\\?@|64)\\s*=?\\s*1[12](?![0-9])");
    /** A catcode change of a character given plainly to a category given plainly, not escape (0) or superscript (7). */
    private static final Pattern PLAIN_CATCODE = Pattern.compile(
            "\\\\catcode\\s*(?:`\\\\?.|[0-9]++|\"[0-9A-Fa-f]++|'[0-7]++)\\s*=?\\s*(?:1[0-5]|[1-689])(?![0-9])");
    private static final String DIMENSION = "(?:[0-9.]+\\s*(?:true)?(?:pt|bp|in|cm|mm|pc|dd|cc|sp)"
            + "|\\\\the\\s*\\\\(?:paperwidth|paperheight|pdfpagewidth|pdfpageheight|stockwidth|stockheight))";
    /** A font map line that names no file: no {@code <}, no path. */
    private static final Pattern MAP_LINE = Pattern.compile("\\\\pdfmapline\\s*\\{[-+=]?[A-Za-z0-9 _.-]*}");
    /** A paper size for dvips or dvipdfmx, the one special a venue template writes itself. */
    private static final Pattern PAPER_SIZE = Pattern.compile("\\\\special\\s*\\{\\s*(?:papersize\\s*=\\s*"
            + DIMENSION + "\\s*,\\s*" + DIMENSION + "|pdf:\\s*pagesize\\s+width\\s+" + DIMENSION + "\\s+height\\s+"
            + DIMENSION + ")\\s*}");

    static {
        refuse(REFUSED, FILES, "pdfobj", "pdfximage", "pdfmdfivesum", "pdfmapfile", "pdfextension",
                "XeTeXpdffile", "XeTeXpicfile", "openin", "input@path", "luatexpdfextension");
        refuse(REFUSED, RUNS, "directlua", "latelua", "luaexec", "luadirect", "luacode", "luatexdirectlua",
                "luatexlatelua", "ShellEscape", "luaescapestring");
        refuse(REFUSED, BUILDS, "lastnamedcs", "begincsname", "ExpandArgs");
        refuse(REFUSED_WITHOUT_SANDBOX, WRITES, "write", "openout", "newwrite", "protected@write", "@writefile",
                "VerbatimOut");
        refuse(REFUSED_WITHOUT_SANDBOX, REREADS, "string", "detokenize", "meaning", "scantokens", "scantextokens",
                "everyeof", "pdfunescapehex", "Uchar", "Ucharcat", "@backslashchar", "@onelevel@sanitize", "@sanitize",
                "@makeother", "dospecials", "@dospecials", "strip@prefix", "verbdef", "SaveVerb", "csstring");
        refuse(REFUSED_WITHOUT_SANDBOX, CHARS, "lccode", "uccode", "ExplSyntaxOn", "ProvidesExplPackage",
                "ProvidesExplClass", "ProvidesExplFile", "catcodetable", "initcatcodetable", "savecatcodetable",
                "luatexcatcodetable");
    }

    private static void refuse(Map<String, String> refused, String why, String... names) {
        for (String name : names) {
            refused.put(name, why);
        }
    }

    /** xparse's commands, whose {@code v} argument captures text verbatim, backslashes included. */
    private static final Set<String> DOCUMENT_COMMANDS = Set.of("NewDocumentCommand", "RenewDocumentCommand",
            "ProvideDocumentCommand", "DeclareDocumentCommand", "NewExpandableDocumentCommand");
    private static final Pattern VERBATIM_ARGUMENT = Pattern.compile("\\s*\\{?\\s*\\\\[A-Za-z@]+\\s*}?\\s*\\{[^}]*v");

    /** Names of input-like commands, refused as the argument of a name-making command. */
    private static final Set<String> INPUTS = Set.of("input", "@@input", "@input", "@iinput", "include",
            "InputIfFileExists", "special", "catcode", "pdffiledump", "pdffilesize", "pdffilemoddate");

    /**
     * Longer than any command a kit names: a longer "name" is refused as built, and no search for its end goes
     * further, so a run of unclosed name-makers is read in linear time.
     */
    private static final int LONGEST_NAME = 256;

    private TexNames() {
    }

    /**
     * Every refused name in {@code code} (comments already blanked), with its line.
     *
     * @param lineOf the 1-based line of an offset in {@code code}
     */
    static List<TexPrimitives.Finding> scan(String code, IntUnaryOperator lineOf, Strictness strictness) {
        List<TexPrimitives.Finding> findings = new ArrayList<>();
        int i = 0;
        int stringEnd = -1;
        // the next \endcsname after an offset: names are checked in order, so one forward search serves them all
        // (a search from every \csname to the end of the file is quadratic on a run of unclosed ones)
        int[] next = {-2};
        IntUnaryOperator endcsname = from -> {
            if (next[0] != -1 && next[0] < from) {
                next[0] = code.indexOf("\\endcsname", from);
            }
            return next[0];
        };
        while (i < code.length() - 1) {
            if (code.charAt(i) != '\\') {
                i++;
                continue;
            }
            Matcher name = NAME.matcher(code).region(i + 1, code.length());
            if (!name.lookingAt()) {
                i += 2; // a control symbol such as \\ or \{: never the start of a name
                continue;
            }
            // \string\begin prints the name; nothing runs (\string itself is refused without the sandbox)
            boolean printed = stringEnd >= 0 && code.substring(stringEnd, i).isBlank();
            String why = printed ? null : check(code, i, name.group(), name.end(), strictness, endcsname);
            if (why != null) {
                findings.add(new TexPrimitives.Finding(lineOf.applyAsInt(i), shown(code, i, name.end()), why));
            }
            stringEnd = name.group().equals("string") ? name.end() : -1;
            i = name.end();
        }
        return findings;
    }

    /** Why the control sequence at {@code start} is refused, or null. */
    private static @Nullable String check(String code, int start, String run, int end, Strictness strictness,
            IntUnaryOperator endcsname) {
        boolean strict = strictness == Strictness.WITHOUT_SANDBOX;
        if (EXPL_BUILDER.matcher(run).matches()) {
            return BUILDS + " (an expl3 function that makes a name from its argument)";
        }
        for (String name : spellings(run)) {
            String why = REFUSED.getOrDefault(name, strict ? REFUSED_WITHOUT_SANDBOX.get(name) : null);
            if (why != null) {
                return why;
            }
            if (name.startsWith("pdffile")) {
                return FILES;
            }
            if (name.equals("catcode")) {
                Pattern allowed = strict ? AT_LETTER : PLAIN_CATCODE;
                return allowed.matcher(code).region(start, code.length()).lookingAt() ? null : CHARS;
            }
            if (name.equals("pdfmapline")) {
                // a map line that names no font file ({-cmr10} drops a mapping) reads nothing
                return MAP_LINE.matcher(code).region(start, code.length()).lookingAt() ? null : FILES;
            }
            if (name.equals("special")) {
                return PAPER_SIZE.matcher(code).region(start, code.length()).lookingAt() ? null : "a driver special "
                        + "reads files (pdf:fstream, pdf:image, psfile=, header=) or changes the driver's settings; "
                        + "only a paper size is allowed";
            }
            if (UP_TO_ENDCSNAME.contains(name)) {
                int close = endcsname.applyAsInt(end);
                return close < 0 || close - end > LONGEST_NAME ? BUILDS + " from what follows"
                        : literal(code.substring(end, close));
            }
            if (FROM_ARGUMENT.contains(name)) {
                return fromArgument(code, end);
            }
            if (strict && DOCUMENT_COMMANDS.contains(name) && VERBATIM_ARGUMENT.matcher(code).region(end,
                    code.length()).lookingAt()) {
                return REREADS + " (a verbatim argument)";
            }
        }
        return null;
    }

    /**
     * The names TeX may see in one run of name characters: with the standard catcodes only its letters, after
     * {@code \makeatletter} its letters and {@code @}, in expl3 syntax all of it ({@code \tex_pdfobj:D} is the
     * primitive {@code \pdfobj}).
     */
    private static Set<String> spellings(String run) {
        Set<String> names = new LinkedHashSet<>();
        names.add(run.replaceFirst("[^A-Za-z].*", ""));
        names.add(run.replaceFirst("[_:].*", ""));
        String base = run.replaceFirst(":[A-Za-z]*$", "");
        Matcher expl = EXPL.matcher(base);
        names.add(expl.matches() ? expl.group(1) : base);
        names.removeIf(String::isEmpty);
        return names;
    }

    private static @Nullable String fromArgument(String code, int end) {
        int open = end;
        while (open < code.length() && Character.isWhitespace(code.charAt(open))) {
            open++;
        }
        if (open >= code.length() || code.charAt(open) != '{') {
            return BUILDS + " from what follows";
        }
        int close = code.substring(open, Math.min(code.length(), open + LONGEST_NAME + 2)).indexOf('}');
        return close < 0 ? BUILDS + " from what follows" : literal(code.substring(open + 1, open + close));
    }

    /** Null when a name made of {@code text} is plain and names nothing refused, in any case; else why not. */
    private static @Nullable String literal(String text) {
        if (!LITERAL.matcher(text).matches()) {
            return BUILDS + " from macros or characters TeX can change";
        }
        String name = text.strip().toLowerCase(Locale.ROOT);
        boolean refused = Stream.concat(REFUSED.keySet().stream(), REFUSED_WITHOUT_SANDBOX.keySet().stream())
                .anyMatch(key -> key.equalsIgnoreCase(name))
                || UP_TO_ENDCSNAME.contains(name) || FROM_ARGUMENT.stream().anyMatch(key -> key.equalsIgnoreCase(name))
                || INPUTS.stream().anyMatch(key -> key.equalsIgnoreCase(name)) || name.startsWith("pdffile")
                || name.equals("write18");
        return refused ? BUILDS + ": \\" + name + ", a refused command" : null;
    }

    /** The use as written: the command and what follows on its line, shortened. */
    private static String shown(String code, int start, int end) {
        // up to 40 characters, looked at only so far: a search for the line's end from every finding is quadratic
        int stop = Math.min(code.length(), end + 40);
        int lineEnd = code.substring(end, stop).indexOf('\n');
        stop = lineEnd < 0 ? stop : end + lineEnd;
        return code.substring(start, stop).strip().replaceAll("\\s+", " ");
    }
}
