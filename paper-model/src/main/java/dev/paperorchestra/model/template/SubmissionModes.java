package dev.paperorchestra.model.template;

import dev.paperorchestra.model.template.SubmissionMode.Carrier;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.DocumentClass;
import dev.paperorchestra.model.tex.PackageUse;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The kits that have a submission mode for double-blind review, declared once: what each needs turned on, and
 * what a camera-ready setting it must lose. IEEEtran journals get {@code peerreview} (declared after
 * {@code journal}, so it wins); IEEE conferences and llncs have none (their author block is replaced by an
 * anonymous one instead); acmart's {@code review} only numbers lines, so {@code anonymous} goes with it.
 */
public final class SubmissionModes {

    /** The table. */
    public static final List<SubmissionMode> TABLE = List.of(
            new SubmissionMode("acmart", Carrier.CLASS, List.of("review", "anonymous"), List.of("authorversion"),
                    List.of()),
            new SubmissionMode("IEEEtran", Carrier.CLASS, List.of("peerreview"), List.of(), List.of(),
                    List.of("journal")),
            new SubmissionMode("elsarticle", Carrier.CLASS, List.of("doubleblind"), List.of(), List.of()),
            new SubmissionMode("cvpr", Carrier.PACKAGE, List.of("review"), List.of("final", "rebuttal"), List.of()),
            new SubmissionMode("iccv", Carrier.PACKAGE, List.of("review"), List.of("final", "rebuttal"), List.of()),
            new SubmissionMode("wacv", Carrier.PACKAGE, List.of("review"), List.of("final", "rebuttal"), List.of()),
            new SubmissionMode("eccv", Carrier.PACKAGE, List.of("review"), List.of("final"), List.of()),
            new SubmissionMode("acl", Carrier.PACKAGE, List.of("review"), List.of("final", "preprint"), List.of()),
            new SubmissionMode("neurips_", Carrier.PACKAGE, List.of(), List.of("final", "preprint"), List.of()),
            new SubmissionMode("icml20", Carrier.PACKAGE, List.of(), List.of("accepted"), List.of()),
            new SubmissionMode("iclr20", Carrier.PACKAGE, List.of(), List.of(), List.of("iclrfinalcopy")),
            new SubmissionMode("colm20", Carrier.PACKAGE, List.of(), List.of(), List.of("colmfinalcopy")),
            new SubmissionMode("tmlr", Carrier.PACKAGE, List.of(), List.of("accepted", "preprint"), List.of()),
            new SubmissionMode("aaai2", Carrier.PACKAGE, List.of("submission"), List.of(), List.of()),
            new SubmissionMode("quantumarticle", Carrier.CLASS, List.of(), List.of("accepted"), List.of()));

    /** Phrases by which guidelines ask for anonymous submissions, compared as {@link Prose#normalised} text. */
    private static final List<String> DOUBLE_BLIND = List.of("double blind", "doubleblind", "blind review",
            "blinded review", "anonymous submission", "anonymized submission", "anonymised submission",
            "submissions must be anonymous", "must be anonymized", "must be anonymised", "anonymized for review",
            "anonymous review", "papers must be anonymous", "be fully anonymized", "be fully anonymised",
            "double anonymous", "double anonymously", "double anonymized", "double anonymised", "doubly anonymous",
            "triple blind", "reviewed anonymously");

    private SubmissionModes() {
    }

    /** Whether guidelines (their plain text) say that the review is double-blind. */
    public static boolean doubleBlind(String guidelines) {
        String normal = " " + Prose.normalised(guidelines) + " ";
        return DOUBLE_BLIND.stream().anyMatch(phrase -> normal.contains(" " + phrase + " "));
    }

    /** The kit's submission mode, when the template uses a kit that has one. */
    public static Optional<SubmissionMode> of(TexDocument template) {
        Optional<DocumentClass> documentClass = template.documentClass();
        for (SubmissionMode mode : TABLE) {
            if (mode.carrier() == Carrier.CLASS && documentClass.isPresent()
                    && mode.names(documentClass.get().name()) && mode.appliesTo(documentClass.get().options())) {
                return Optional.of(mode);
            }
            if (mode.carrier() == Carrier.PACKAGE
                    && template.packages().stream().anyMatch(use -> mode.names(use.name())
                            && mode.appliesTo(use.options()))) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }

    /** The template with its kit's submission mode on (as it was when the kit has none, or it is on already). */
    public static String turnOn(TexDocument template) {
        return set(template, true);
    }

    /**
     * The template as a submission whatever the review: without the kit's camera-ready settings ({@code final},
     * {@code accepted=...}, {@code \\iclrfinalcopy}), which print "Accepted in ..." or a venue's publication line on
     * a paper that is only being submitted; nothing turned on.
     */
    public static String asSubmission(TexDocument template) {
        return set(template, false);
    }

    private static String set(TexDocument template, boolean review) {
        Optional<SubmissionMode> found = of(template).map(mode -> review ? mode
                : new SubmissionMode(mode.kit(), mode.carrier(), List.of(), mode.remove(), mode.commands(),
                        mode.onlyWith()));
        if (found.isEmpty()) {
            return template.source();
        }
        SubmissionMode mode = found.get();
        TexEdits edits = TexEdits.of(template);
        if (mode.carrier() == Carrier.CLASS) {
            template.documentClass().ifPresent(documentClass -> setOptions(template, edits, documentClass.command(),
                    documentClass.options(), mode));
        } else {
            for (PackageUse use : template.packages()) {
                if (mode.names(use.name())) {
                    setOptions(template, edits, use.command(), use.options(), mode);
                    break;
                }
            }
        }
        for (TexCommand command : template.commands(mode.commands().toArray(String[]::new))) {
            edits.delete(command.span());
        }
        return edits.isEmpty() ? template.source() : edits.apply();
    }

    private static void setOptions(TexDocument template, TexEdits edits, TexCommand command, List<String> written,
            SubmissionMode mode) {
        List<String> options = new ArrayList<>();
        for (String option : written) {
            String name = option.contains("=") ? option.substring(0, option.indexOf('=')).strip() : option;
            if (!mode.remove().contains(name)) {
                options.add(option);
            }
        }
        mode.add().stream().filter(option -> !options.contains(option)).forEach(options::add);
        if (options.equals(written)) {
            return;
        }
        String replacement = options.isEmpty() ? "" : "[" + String.join(",", options) + "]";
        if (command.argument(0).isPresent()) {
            edits.replace(command.argument(0).get().span(), replacement);
        } else {
            // no options written: they go right after the command's name
            int at = command.start() + 1 + command.name().length();
            edits.insert(at, replacement);
        }
    }
}
