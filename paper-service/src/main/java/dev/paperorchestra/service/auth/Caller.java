package dev.paperorchestra.service.auth;

import dev.paperorchestra.schemas.Tenants;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The principal a request is made by: a name (recorded as the decider at a gate), the tenant whose papers it works
 * with, and its roles.
 *
 * @param name     who: for a JWT its name claim; for a static token the tenant and the token's fingerprint
 * @param tenant   the tenant; papers it submits belong to it
 * @param roles    what it may do (at least one)
 * @param verified true when the name was vouched for by an identity provider (a JWT); a static token is shared by a
 *                 team, so a decision made with one also records the name its user gave
 */
public record Caller(String name, String tenant, Set<Role> roles, boolean verified) {

    /** Who calls a service without tokens: this machine, with every role (the service listens on loopback only). */
    public static final Caller LOCAL = new Caller("no token: a local service", Tenants.DEFAULT,
            EnumSet.allOf(Role.class), false);

    public Caller {
        roles = Set.copyOf(roles);
    }

    /** True when the principal has the role, or {@link Role#ADMIN}. */
    public boolean has(Role role) {
        return roles.contains(role) || roles.contains(Role.ADMIN);
    }

    /** Operators and administrators see every tenant's papers. */
    public boolean seesEveryTenant() {
        return has(Role.OPERATE);
    }

    /** The principal's roles, for messages: "submit+approve". */
    public String roleLabels() {
        return roles.stream().sorted().map(Role::label).collect(Collectors.joining("+"));
    }
}
