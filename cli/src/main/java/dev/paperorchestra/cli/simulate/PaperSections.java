package dev.paperorchestra.cli.simulate;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Fills the empty sections of a LaTeX paper the way the scripted model writes them. */
final class PaperSections {

    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\{([^}]*)}");

    private PaperSections() {
    }

    /**
     * Every section whose body is empty gets a paragraph; the figures go into the first empty section that is
     * not the conclusion, so they stand before it.
     */
    static String fillEmpty(String paper, String figures) {
        Matcher matcher = SECTION.matcher(paper);
        StringBuilder out = new StringBuilder();
        int last = 0;
        boolean figuresPlaced = figures.isEmpty();
        while (matcher.find()) {
            int bodyEnd = nextBoundary(paper, matcher.end());
            String body = paper.substring(matcher.end(), bodyEnd);
            out.append(paper, last, matcher.end());
            if (body.strip().isEmpty() || body.strip().startsWith("%")) {
                String title = matcher.group(1);
                out.append("\n").append(paragraph(title)).append("\n\n");
                if (!figuresPlaced && !title.toLowerCase(java.util.Locale.ROOT).contains("conclusion")) {
                    out.append(figures);
                    figuresPlaced = true;
                }
            }
            out.append(body);
            last = bodyEnd;
        }
        out.append(paper.substring(last));
        String filled = out.toString();
        if (filled.contains("\\begin{abstract}") && abstractIsEmpty(filled)) {
            filled = filled.replaceFirst("\\\\begin\\{abstract}\\s*\\\\end\\{abstract}",
                    "\\\\begin{abstract}\nWe describe the method of the materials and report its logged evaluation."
                            + "\n\\\\end{abstract}");
        }
        return filled;
    }

    private static boolean abstractIsEmpty(String paper) {
        return Pattern.compile("\\\\begin\\{abstract}\\s*\\\\end\\{abstract}").matcher(paper).find();
    }

    private static int nextBoundary(String paper, int from) {
        Matcher next = SECTION.matcher(paper);
        int end = next.find(from) ? next.start() : paper.length();
        for (String stop : new String[] {"\\bibliography", "\\end{document}", "\\appendix"}) {
            int at = paper.indexOf(stop, from);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return end;
    }

    private static String paragraph(String title) {
        return "This section presents the " + title.toLowerCase(java.util.Locale.ROOT)
                + " as the materials describe it, without adding results that the log does not contain.";
    }
}
