package dev.paperorchestra.writer.latex;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The author block of a submission under review: anonymous in the venue's way. A kit that anonymises by
 * itself (an {@code anonymous} or {@code review} option, an {@code \author} that already says "Anonymous")
 * is kept as it is; otherwise the names, addresses and e-mails of the template's sample authors give way to
 * {@code \author{Anonymous submission}}, and the commands that carry identity beside it ({@code \thanks},
 * {@code \email}, {@code \affiliation}, {@code \institute}, ...) go. Settings such as {@code \paperID} stay.
 */
public final class AuthorBlock {

    public static final String ANONYMOUS = "Anonymous submission";
    private static final Pattern AUTHOR = Pattern.compile("\\\\author\\s*(?:\\[[^\\]]*])?\\s*\\{");
    /** Commands that print who wrote the paper or how to reach them, besides {@code \author}. */
    private static final Pattern IDENTITY = Pattern.compile(
            "\\\\(?:thanks|email|affiliation|institute|institution|address|orcid|authornote|additionalaffiliation"
                    + "|authorsaddresses|IEEEauthorblockA|IEEEauthorblockN|icmlcorrespondingauthor)\\s*\\{");
    /** A class or package option saying the kit makes the submission anonymous itself. */
    private static final Pattern REVIEW_OPTION = Pattern.compile(
            "\\\\(?:documentclass|usepackage)\\s*\\[[^\\]]*\\b(?:anonymous|review|blind|submission)\\b[^\\]]*]");

    private static final Pattern ACMART = Pattern.compile("\\\\documentclass\\s*(?:\\[[^\\]]*])?\\s*\\{acmart}");
    private static final Pattern ACMART_ANONYMOUS = Pattern.compile(
            "\\\\documentclass\\s*\\[[^\\]]*\\banonymous\\b[^\\]]*]\\s*\\{acmart}");

    private AuthorBlock() {
    }

    /** The document with an anonymous author block, or as it was when the kit anonymises it already. */
    public static String anonymise(String tex) {
        int begin = tex.indexOf(TexStructure.BEGIN_DOCUMENT);
        String preamble = begin < 0 ? tex : tex.substring(0, begin);
        List<int[]> authors = commands(tex, AUTHOR);
        boolean alreadyAnonymous = !authors.isEmpty() && authors.stream().allMatch(span -> tex
                .substring(span[0], span[1]).toLowerCase(Locale.ROOT).contains("anonymous"));
        String code = stripComments(preamble);
        // acmart's "review" only numbers the lines; its "anonymous" hides the authors
        boolean kitAnonymises = ACMART.matcher(code).find() ? ACMART_ANONYMOUS.matcher(code).find()
                : REVIEW_OPTION.matcher(code).find();
        if (alreadyAnonymous || kitAnonymises) {
            return tex;
        }
        if (authors.isEmpty() && commands(tex, IDENTITY).isEmpty()) {
            return tex;
        }
        List<int[]> removals = new ArrayList<>(commands(tex, IDENTITY));
        StringBuilder out = new StringBuilder();
        int at = 0;
        List<int[]> all = new ArrayList<>(authors);
        all.addAll(removals);
        all.sort((a, b) -> Integer.compare(a[0], b[0]));
        boolean first = true;
        int covered = 0;
        for (int[] span : all) {
            if (span[0] < covered) {
                // inside an \author already replaced (a \thanks in it)
                continue;
            }
            out.append(tex, at, span[0]);
            if (authors.contains(span) && first) {
                out.append("\\author{").append(ANONYMOUS).append('}');
                first = false;
            }
            at = span[1];
            covered = span[1];
        }
        out.append(tex.substring(at));
        String result = out.toString();
        // \author lines the removal emptied would leave blank lines in the preamble; keep it tidy
        return result.replaceAll("(?m)^[ \\t]*\\n(?=[ \\t]*\\n)", "");
    }

    /** Start and end (past the closing brace) of each use of the command outside comments. */
    private static List<int[]> commands(String tex, Pattern command) {
        List<int[]> spans = new ArrayList<>();
        Matcher matcher = command.matcher(tex);
        while (matcher.find()) {
            if (TexStructure.commentedOut(tex, matcher.start())) {
                continue;
            }
            int close = TexStructure.closingBrace(tex, matcher.end() - 1);
            if (close > 0) {
                spans.add(new int[] {matcher.start(), close});
            }
        }
        return spans;
    }

    private static String stripComments(String tex) {
        return tex.replaceAll("(?m)(?<!\\\\)%.*$", "");
    }
}
