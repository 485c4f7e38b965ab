package dev.paperorchestra.writer.sections;

import org.jspecify.annotations.Nullable;

/** The rules every model call that writes or revises paper.tex is given, in our own words. */
public final class WritingRules {

    private WritingRules() {
    }

    public static String of(boolean twoColumn, @Nullable Integer pageLimit) {
        String floats = twoColumn
                ? "- This is a two-column paper: put figures and tables in single-column floats (figure, table) "
                        + "at width=\\linewidth; use figure* or table* only for a figure wider than about 2:1 or a "
                        + "table that cannot fit one column.\n"
                : "- This is a one-column paper: use figure and table floats at a sensible width.\n";
        String pages = pageLimit == null ? ""
                : "- The main text (everything before the references) must fit in " + pageLimit + " pages.\n";
        return """
                Rules that always hold:
                - Return the complete document in one ```latex fenced block and nothing else of substance.
                - Leave everything before \\begin{document} exactly as it is, and leave the introduction and the \
                related work as they are unless a finding names them.
                - Facts come only from idea.md and experimental_log.md. Every number you write, in a table or in \
                the text, must appear there; copy it digit for digit and never compute differences, ratios or \
                averages that were not logged.
                - Tables come from the log, with booktabs rules (\\toprule, \\midrule, \\bottomrule), the caption \
                above, a \\label, and a \\ref to them in the text.
                - Include each listed figure exactly once, as \\includegraphics{figures/<file name>} with the \
                exact file name, in a float of its own with a caption and a \\label, referenced with \\ref, before \
                the conclusion (or in an appendix).
                - Cite only keys from the citation map or already cited in the document, with the citation \
                commands the document already uses. Never invent a key, an author or a reference.
                - Keep the paper anonymous: no author names, affiliations, e-mail addresses or acknowledgements.
                - Every \\begin has its matching \\end and every brace is closed.
                """ + floats + pages;
    }
}
