package dev.paperorchestra.writer.latex;

import java.util.regex.Pattern;

/**
 * The template's stand-in text, removed before the paper is written: stubs such as "Abstract here.",
 * "Introduction here.", "Your abstract goes here", "Text here", Lorem ipsum paragraphs, and comment lines that
 * are markers for the author ({@code %%%% TITLE - PLEASE UPDATE}, {@code % TODO ...}). A comment that explains
 * the venue's format stays.
 */
public final class TemplatePlaceholders {

    /** A line that is only a stub: a few words ending in "here" ("Abstract here.", "Your text goes here"). */
    private static final Pattern STUB_LINE = Pattern.compile(
            "(?im)^([ \\t]*(?:\\\\[a-zA-Z]+\\*?(?:\\{[^}\\n]*})+[ \\t]*)?)(?:(?:your|the|insert|write|put|add|type)\\s+)?(?:[\\w-]+\\s+){0,3}?"
                    + "(?:text|content|abstract|introduction|paper|title|section|conclusion|body|summary|"
                    + "details|results|discussion|acknowledg(?:e)?ments?|references|appendix|methods?)"
                    + "\\s+(?:goes\\s+|go\\s+|comes?\\s+)?here\\s*[.!…]*[ \\t]*$\\n?");
    /** A Lorem ipsum paragraph: its line and the text lines after it, up to a blank line or a command line. */
    private static final Pattern LOREM = Pattern.compile(
            "(?im)^[ \\t]*lorem\\s+ipsum\\b[^\\n]*(?:\\n(?![ \\t]*(?:\\\\|%|\\n|$))[^\\n]*)*\\n?");
    private static final Pattern MARKER_COMMENT = Pattern.compile(
            "(?im)^[ \\t]*%+[^\\n]*(?:please\\s+update|\\btodo\\b|\\bfixme\\b|\\btbd\\b|\\bplaceholder\\b|goes\\s+here"
                    + "|lorem\\s+ipsum|\\b(?:title|abstract|author|name|text)s?\\s+here\\b|replace\\s+(?:this|with))"
                    + "[^\\n]*\\n?");

    private TemplatePlaceholders() {
    }

    public static String remove(String tex) {
        String withoutMarkers = MARKER_COMMENT.matcher(tex).replaceAll("");
        int begin = withoutMarkers.indexOf(TexStructure.BEGIN_DOCUMENT);
        if (begin < 0) {
            return withoutMarkers;
        }
        String body = withoutMarkers.substring(begin);
        // a command before the stub ("\\section{Method} Text here.") stays; the stub goes
        body = STUB_LINE.matcher(body).replaceAll(stub -> java.util.regex.Matcher.quoteReplacement(
                stub.group(1).isBlank() ? "" : stub.group(1).stripTrailing() + "\n"));
        body = LOREM.matcher(body).replaceAll("");
        return withoutMarkers.substring(0, begin) + body;
    }
}
