package dev.paperorchestra.service.auth;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a principal may do. Any role reads its own tenant's papers; {@link #SUBMIT} submits and cancels them
 * (revisions and reference look-ups too), {@link #APPROVE} decides at their approval gates, {@link #OPERATE} sees
 * every tenant's papers and the operations view, {@link #ADMIN} does everything.
 */
public enum Role {
    SUBMIT, APPROVE, OPERATE, ADMIN;

    /** The name as written in configuration and claims: lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role named so, in any case; empty for a name that is no role. */
    public static Optional<Role> named(String name) {
        String wanted = name.strip().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(role -> role.name().equals(wanted)).findFirst();
    }

    /** Every role's label, for messages: "submit, approve, operate, admin". */
    public static String labels() {
        return Arrays.stream(values()).map(Role::label).collect(Collectors.joining(", "));
    }
}
