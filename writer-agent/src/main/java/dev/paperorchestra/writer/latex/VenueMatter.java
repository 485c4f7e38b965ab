package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.List;
import java.util.Optional;

/**
 * What a class prints from the venue's metadata when the template's sample values are gone. acmart fills in its
 * own defaults ("Proceedings of ACM Conference (Conference'17)", "Conference'17, July 2017, Washington, DC, USA",
 * the rights and permission footnote, the ACM Reference Format): for a submission they are turned off with
 * {@code \setcopyright{none}}, {@code \settopmatter{printacmref=false}}, an empty copyright permission footnote,
 * and plain page styles after {@code \maketitle} (page numbers, no running heads naming a conference). The other
 * kits print nothing from metadata they lack (IEEEtran without {@code \IEEEpubid}, elsarticle without
 * {@code \journal} says "Preprint submitted to Elsevier"); OUP's read the copyright year back, which gets an empty
 * one, and print their journal title on the first page, which for a submission is no journal's yet.
 */
final class VenueMatter {

    private static final String ACMART_SETTINGS = """
            % a submission under review: no rights, ACM reference or conference line (added by the writer)
            \\setcopyright{none}
            \\settopmatter{printacmref=false}
            \\renewcommand\\footnotetextcopyrightpermission[1]{}
            """;

    /**
     * What OUP's classes print in their journal line and running heads and define no default for: without the
     * sample values the names are undefined and the paper does not compile, so empty ones stand in their place.
     */
    private static final List<String> OUP_READ_BACK = List.of("copyrightyear");
    /**
     * OUP's journal line for a manuscript: the kit's sample title ("Journal Title Here") must not be published, and an
     * empty one leaves the class a line break with no line to end.
     */
    static final String OUP_JOURNAL_LINE = "Manuscript submitted for review";

    private VenueMatter() {
    }

    private static String oupSettled(TexDocument document) {
        StringBuilder empty = new StringBuilder();
        for (String name : OUP_READ_BACK) {
            if (document.commands(name).isEmpty()) {
                empty.append('\\').append(name).append("{}");
            }
        }
        TexEdits edits = TexEdits.of(document);
        document.commands("journaltitle").forEach(command -> command.argument(0).ifPresent(title ->
                edits.replace(title.content(), OUP_JOURNAL_LINE)));
        if (!empty.isEmpty() && document.bodyStart() > 0) {
            edits.insert(document.bodyStart(), "\n" + empty
                    + "% the class prints them in its journal line (added by the writer)");
        }
        return edits.isEmpty() ? document.source() : edits.apply();
    }

    static String settle(TexDocument document) {
        if (document.documentClass().map(documentClass -> documentClass.name().startsWith("oup-")).orElse(false)) {
            return oupSettled(document);
        }
        boolean acmart = document.documentClass().map(documentClass -> documentClass.name().equals("acmart"))
                .orElse(false);
        if (!acmart || !document.commands("settopmatter").isEmpty() && !document.commands("setcopyright").isEmpty()) {
            return document.source();
        }
        TexEdits edits = TexEdits.of(document);
        int begin = document.preamble().end();
        if (begin > 0) {
            edits.insert(begin, ACMART_SETTINGS);
        }
        Optional<TexCommand> maketitle = document.first("maketitle");
        maketitle.ifPresent(command -> edits.insert(command.end(), "\n\\pagestyle{plain}"));
        return edits.isEmpty() ? document.source() : edits.apply();
    }
}
