package dev.paperorchestra.service.auth;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** An authenticated request: its principal is the {@link Caller}; the credentials (the token) are not kept. */
public final class CallerAuthentication extends AbstractAuthenticationToken {

    private final Caller caller;

    public CallerAuthentication(Caller caller) {
        super(caller.roles().stream().map(role -> new SimpleGrantedAuthority("ROLE_" + role.name())).toList());
        this.caller = caller;
        setAuthenticated(true);
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public String getName() {
        return caller.name();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CallerAuthentication that && that.caller.equals(caller);
    }

    @Override
    public int hashCode() {
        return caller.hashCode();
    }
}
