package dev.paperorchestra.model.vocabulary;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import java.util.Optional;

/**
 * Why a section the paper must have stays empty: the offline writer keeps a required section it has nothing to
 * fill with (no source verified, nothing in the materials) and says why in one comment line under its heading;
 * the CONTENT gate then reports that cause instead of a bare "empty". One marker, written and read here only.
 */
public final class UnfilledSection {

    /** How the comment line starts. */
    static final String MARKER = "% po:unfilled: ";

    private UnfilledSection() {
    }

    /** The comment line stating why the section is empty (the reason on one line). */
    public static String comment(String reason) {
        return MARKER + reason.strip().replaceAll("\\s+", " ");
    }

    /** The reason a span (a section's body) states for being empty, when it holds the marker. */
    public static Optional<String> reason(TexDocument document, TexSpan body) {
        for (TexToken token : document.tokens()) {
            if (token.start() >= body.end()) {
                break;
            }
            if (token.kind() == TexToken.Kind.COMMENT && token.start() >= body.start()) {
                String comment = document.source().substring(token.start(), token.end()).strip();
                if (comment.startsWith(MARKER.strip())) {
                    return Optional.of(comment.substring(MARKER.strip().length()).strip());
                }
            }
        }
        return Optional.empty();
    }
}
