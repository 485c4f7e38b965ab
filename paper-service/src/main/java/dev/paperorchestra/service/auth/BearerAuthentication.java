package dev.paperorchestra.service.auth;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

/**
 * Turns a bearer token into its principal: a static token of {@code po.service.tokens} first, otherwise a JWT
 * checked by the decoder (signature against the issuer's keys, expiry, issuer, audience) and read by
 * {@link JwtCallers}. Anything else is refused with 401; the token itself never appears in a message or a log.
 */
public final class BearerAuthentication implements AuthenticationManager {

    private static final Logger log = LoggerFactory.getLogger(BearerAuthentication.class);

    private final StaticTokens tokens;
    private final @Nullable JwtDecoder jwts;
    private final JwtCallers callers;

    /** @param jwts null when no identity provider is configured: static tokens only */
    public BearerAuthentication(StaticTokens tokens, @Nullable JwtDecoder jwts, JwtCallers callers) {
        this.tokens = tokens;
        this.jwts = jwts;
        this.callers = callers;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String token = ((BearerTokenAuthenticationToken) authentication).getToken();
        var known = tokens.find(token);
        if (known.isPresent()) {
            return new CallerAuthentication(known.get());
        }
        if (jwts == null || token.chars().filter(c -> c == '.').count() != 2) {
            throw new InvalidBearerTokenException("the token is not one of po.service.tokens"
                    + (jwts == null ? "" : " nor a JWT"));
        }
        try {
            return new CallerAuthentication(callers.caller(jwts.decode(token)));
        } catch (BadJwtException e) {
            throw new InvalidBearerTokenException(e.getMessage(), e);
        } catch (JwtException | JwtDecoderInitializationException e) {
            // the issuer's keys could not be fetched: the service's trouble, not the caller's
            log.warn("cannot check a bearer JWT: {}", e.getMessage());
            throw new AuthenticationServiceException("the identity provider's keys cannot be read now; retry later",
                    e);
        }
    }
}
