package dev.paperorchestra.model.template;

import java.util.List;

/**
 * How a kit is set for an anonymous (double-blind) submission.
 *
 * @param kit      the class or package, or the start of its name for kits named by year ({@code neurips_},
 *                 {@code icml20})
 * @param carrier  whether it is the document class or a package
 * @param add      options to add ({@code review}, {@code anonymous})
 * @param remove   options that make a camera-ready or preprint version, to remove ({@code final},
 *                 {@code accepted})
 * @param commands commands that make a camera-ready version, to remove ({@code \iclrfinalcopy})
 * @param onlyWith options the kit must already have for this mode to be its submission mode (IEEEtran's
 *                 {@code peerreview} is the journals', not the conferences')
 */
public record SubmissionMode(String kit, Carrier carrier, List<String> add, List<String> remove,
        List<String> commands, List<String> onlyWith) {

    /** Where a kit is named. */
    public enum Carrier {
        CLASS, PACKAGE
    }

    public SubmissionMode {
        add = List.copyOf(add);
        remove = List.copyOf(remove);
        commands = List.copyOf(commands);
        onlyWith = List.copyOf(onlyWith);
    }

    /** A mode that applies to every use of the kit. */
    public SubmissionMode(String kit, Carrier carrier, List<String> add, List<String> remove, List<String> commands) {
        this(kit, carrier, add, remove, commands, List.of());
    }

    /** Whether the mode applies to a use of the kit with these options. */
    public boolean appliesTo(List<String> options) {
        return options.containsAll(onlyWith);
    }

    /**
     * Whether a class or package name is this kit: a kit ending in {@code _} or a digit names the start of a
     * yearly name ({@code neurips_2024} is {@code neurips_}), any other names the whole name.
     */
    public boolean names(String name) {
        char last = kit.charAt(kit.length() - 1);
        return last == '_' || Character.isDigit(last) ? name.startsWith(kit) : name.equals(kit);
    }
}
