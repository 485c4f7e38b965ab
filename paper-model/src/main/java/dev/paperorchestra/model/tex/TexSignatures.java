package dev.paperorchestra.model.tex;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The argument signatures of the commands the paper's text is read by, declared once: LaTeX itself, the
 * common packages, and the front-matter commands of the publisher classes (acmart, IEEEtran, llncs, elsarticle).
 * A command not named here is read as taking no arguments; its braces are then ordinary groups.
 */
public final class TexSignatures {

    private static final TexSignature NONE = TexSignature.of("");
    private static final Map<String, TexSignature> SIGNATURES = new HashMap<>();

    /** Commands whose arguments are words a reader sees ({@code \textbf{x}} reads as x). */
    static final Set<String> TEXT_COMMANDS = Set.of("textbf", "textit", "emph", "textsc", "textrm", "textsf",
            "texttt", "textup", "textsl", "textmd", "textnormal", "underline", "mbox", "hbox", "text", "uline",
            "textsuperscript", "textsubscript", "footnote", "footnotetext", "enquote", "textcolor", "colorbox",
            "section", "subsection", "subsubsection", "paragraph", "subparagraph", "chapter", "part", "caption",
            "title", "subtitle", "thanks", "IEEEauthorblockN", "IEEEauthorblockA", "institution", "affiliation",
            "institute", "author", "keywords", "IEEEkeywords");
    /** Commands that stand for no words at all, arguments included ({@code \label{x}}, {@code \cite{k}}). */
    static final Set<String> SILENT_COMMANDS = Set.of("label", "ref", "eqref", "autoref", "cref", "Cref",
            "pageref", "nameref", "cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear",
            "parencite", "textcite", "autocite", "footcite", "nocite", "includegraphics", "vspace", "hspace",
            "input", "include", "bibliography", "bibliographystyle", "usepackage", "documentclass", "newcommand",
            "renewcommand", "providecommand", "setlength", "addtolength", "setcounter", "addtocounter", "color",
            "url", "href", "begin", "end", "bibitem", "ccsdesc", "setcopyright", "acmConference", "acmBooktitle",
            "acmDOI", "acmISBN", "acmYear", "copyrightyear", "acmPrice", "acmSubmissionID", "orcid", "email",
            "ead", "received", "definecolor", "graphicspath", "hypersetup", "pagestyle", "thispagestyle",
            "addbibresource", "printbibliography", "maketitle", "appendix", "centering", "small", "footnotesize",
            "scriptsize", "tiny", "large", "Large", "LARGE", "huge", "Huge", "normalsize", "noindent", "newpage",
            "clearpage", "cleardoublepage", "linewidth", "columnwidth", "textwidth", "toprule", "midrule",
            "bottomrule", "hline", "cline", "cmidrule", "resizebox", "scalebox", "multicolumn", "multirow");

    static {
        signature("s o m", "part", "chapter", "section", "subsection", "subsubsection", "paragraph", "subparagraph");
        signature("o m", "title", "author", "caption", "subtitle", "affiliation", "bibitem", "footnote",
                "ccsdesc", "address", "tnotetext", "fntext", "cortext", "shortauthors", "keywords", "titlenote",
                "acmBadge", "received");
        signature("m", "label", "ref", "eqref", "pageref", "autoref", "nameref", "cref", "Cref", "thanks",
                "email", "orcid", "institution", "institute", "IEEEauthorblockN", "IEEEauthorblockA", "bibliography",
                "bibliographystyle", "addbibresource", "input", "include", "IEEEoverridecommandlockouts",
                "graphicspath", "begin", "end", "textbf", "textit", "emph", "textsc", "textrm", "textsf", "texttt",
                "textup", "textsl", "textmd", "textnormal", "underline", "mbox", "text", "uline",
                "textsuperscript", "textsubscript", "footnotetext", "enquote", "url", "ead", "acmBooktitle",
                "acmDOI", "acmISBN", "acmYear", "copyrightyear", "acmPrice", "acmSubmissionID", "setcopyright",
                "hypersetup", "pagestyle", "thispagestyle", "vspace", "hspace", "nocite", "tnoteref", "fnref",
                "corref", "journal", "pgfplotsset", "teaserfigure", "IEEEpeerreviewmaketitle", "abstract",
                "runningtitle", "titlerunning", "authorrunning", "and", "affil", "inst", "shorttitle", "acknowledgments",
                "hbox", "IEEEkeywords");
        signature("s o o m", "cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear", "parencite",
                "textcite", "autocite", "footcite", "Citet", "Citep");
        signature("s o m", "includegraphics");
        signature("o m o", "usepackage", "documentclass", "RequirePackage", "LoadClass", "RequirePackageWithOptions",
                "LoadClassWithOptions");
        signature("s m o o m", "newcommand", "renewcommand", "providecommand");
        signature("m m", "setlength", "addtolength", "setcounter", "addtocounter", "href", "textcolor",
                "colorbox", "IfFileExists", "PackageWarning", "ClassWarning",
                "PackageWarningNoLine", "ClassWarningNoLine", "PackageInfo", "ClassInfo", "definecolor",
                "resizebox", "scalebox");
        signature("m m m", "PackageError", "ClassError", "multicolumn", "multirow", "InputIfFileExists",
                "@ifpackageloaded", "@ifclassloaded", "IfPackageLoadedTF", "IfClassLoadedTF", "GenericError",
                "GenericWarning");
        signature("o m m m", "acmConference");
        signature("o", "toprule", "midrule", "bottomrule", "item", "lipsum", "blindtext", "Blindtext");
        signature("m", "conference", "llncsdoi", "jmlrvolume", "jmlryear", "jmlrworkshop", "jmlrsubmitted",
                "jmlrpublished", "jmlrpages", "editor", "editors");
        signature("m m", "jmlrproceedings");
        signature("m m", "llncs");
        signature("s m o o m m", "newenvironment", "renewenvironment");
        signature("m m m", "NewDocumentCommand", "RenewDocumentCommand", "ProvideDocumentCommand",
                "DeclareDocumentCommand");
        // front matter of the publisher and venue kits, read as template slots (model.template)
        signature("m", "authornote", "additionalaffiliation", "authorsaddresses", "IEEEmembership", "settopmatter",
                "acmJournal", "acmVolume", "acmNumber", "acmArticle", "acmMonth", "IEEEpubid", "affiliations");
        signature("o m", "ead", "tnotetext", "titlerunning", "authorrunning");
        signature("m m", "markboth", "icmlaffiliation", "icmlcorrespondingauthor");
        // OUP's journal kits
        signature("m", "journaltitle", "DOI", "access", "appnotes", "pubyear", "authormark");
        signature("o m", "corresp");
        signature("o m m", "icmlauthor");
        signature("o", "authornotemark");
    }

    private TexSignatures() {
    }

    private static void signature(String letters, String... names) {
        TexSignature signature = TexSignature.of(letters);
        for (String name : names) {
            SIGNATURES.put(name, signature);
        }
    }

    /** The signature of a command, or none (no arguments) when it is not one of those declared here. */
    public static TexSignature of(String name) {
        return SIGNATURES.getOrDefault(name, NONE);
    }

    /** Whether the command's arguments hold words a reader sees. */
    public static boolean showsText(String name) {
        return TEXT_COMMANDS.contains(name);
    }

    /** Whether the command and its arguments stand for no words. */
    public static boolean isSilent(String name) {
        return SILENT_COMMANDS.contains(name);
    }
}
