package dev.paperorchestra.service.auth;

import dev.paperorchestra.schemas.Tenants;
import dev.paperorchestra.service.PaperServiceProperties;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;

/**
 * The principal a verified JWT names: its name, tenant and roles from the configured claims. A JWT that names no
 * valid tenant or no role is refused (401) with the claim named, so a misconfigured identity provider is found at
 * the first request rather than by papers landing in the wrong tenant.
 */
public final class JwtCallers {

    private final PaperServiceProperties.Oidc oidc;

    public JwtCallers(PaperServiceProperties.Oidc oidc) {
        this.oidc = oidc;
    }

    /** @throws InvalidBearerTokenException when a claim the principal needs is missing or unusable */
    public Caller caller(Jwt jwt) {
        Map<String, Object> claims = jwt.getClaims();
        String name = text(claim(claims, oidc.nameClaim()));
        if (name == null) {
            throw new InvalidBearerTokenException("the token has no " + oidc.nameClaim() + " claim (the principal's "
                    + "name, po.service.oidc.name-claim)");
        }
        String tenant = text(claim(claims, oidc.tenantClaim()));
        if (tenant == null) {
            throw new InvalidBearerTokenException("the token has no " + oidc.tenantClaim() + " claim (the tenant, "
                    + "po.service.oidc.tenant-claim)");
        }
        try {
            Tenants.requireValid(tenant, "claim " + oidc.tenantClaim());
        } catch (IllegalArgumentException e) {
            throw new InvalidBearerTokenException(e.getMessage());
        }
        Set<Role> roles = roles(claim(claims, oidc.rolesClaim()));
        if (roles.isEmpty()) {
            String prefix = oidc.rolePrefixOrNone();
            throw new InvalidBearerTokenException("the token's " + oidc.rolesClaim() + " claim grants none of the "
                    + "roles " + Role.labels() + (prefix.isEmpty() ? "" : " (prefixed " + prefix + ")")
                    + " (po.service.oidc.roles-claim)");
        }
        return new Caller(name, tenant, roles, true);
    }

    /** The claim at a dotted path: {@code realm_access.roles} is the roles member of the realm_access object. */
    static @Nullable Object claim(Map<String, Object> claims, String path) {
        Object value = claims.get(path);
        if (value != null || !path.contains(".")) {
            return value;
        }
        Object current = claims;
        for (String part : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> object)) {
                return null;
            }
            current = object.get(part);
        }
        return current;
    }

    private Set<Role> roles(@Nullable Object claim) {
        List<String> names = new ArrayList<>();
        if (claim instanceof Collection<?> values) {
            values.forEach(value -> names.add(String.valueOf(value)));
        } else if (claim instanceof String text) {
            names.addAll(List.of(text.split("[\\s,]+")));
        }
        String prefix = oidc.rolePrefixOrNone();
        Set<Role> roles = EnumSet.noneOf(Role.class);
        for (String name : names) {
            if (name.startsWith(prefix)) {
                Role.named(name.substring(prefix.length())).ifPresent(roles::add);
            }
        }
        return roles;
    }

    private static @Nullable String text(@Nullable Object claim) {
        return claim instanceof String text && !text.isBlank() ? text.strip() : null;
    }
}
