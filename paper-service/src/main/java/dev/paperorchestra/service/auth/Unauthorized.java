package dev.paperorchestra.service.auth;

import dev.paperorchestra.base.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answer to a request without a usable bearer token: 401 with {@code WWW-Authenticate: Bearer} (RFC 6750, with
 * {@code error="invalid_token"} when a token was sent) and the API's JSON error body saying what was wrong. When the
 * identity provider's keys cannot be read, 503 with Retry-After: the token may be fine. The token is never echoed.
 */
public final class Unauthorized implements AuthenticationEntryPoint {

    static final String REALM = "paperorchestra";

    private final boolean jwts;

    /** @param jwts true when JWTs of an identity provider are accepted, so the message names them */
    public Unauthorized(boolean jwts) {
        this.jwts = jwts;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        if (failure instanceof AuthenticationServiceException) {
            write(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, Map.of("Retry-After", "30"), "busy",
                    failure.getMessage());
            return;
        }
        String wanted = "send Authorization: Bearer <token> with a token of po.service.tokens"
                + (jwts ? " or a JWT of the identity provider (po.service.oidc)" : "");
        if (failure instanceof OAuth2AuthenticationException oauth) {
            String description = oauth.getError().getDescription() == null ? "the token is not accepted"
                    : oauth.getError().getDescription();
            write(response, HttpServletResponse.SC_UNAUTHORIZED, Map.of("WWW-Authenticate", "Bearer realm=\"" + REALM
                    + "\", error=\"invalid_token\", error_description=\"" + description.replace("\"", "'") + "\""),
                    "unauthorized", description + "; " + wanted);
            return;
        }
        write(response, HttpServletResponse.SC_UNAUTHORIZED, Map.of("WWW-Authenticate", "Bearer realm=\"" + REALM
                + "\""), "unauthorized", wanted);
    }

    private static void write(HttpServletResponse response, int status, Map<String, String> headers, String error,
            String problem) throws IOException {
        response.setStatus(status);
        headers.forEach(response::setHeader);
        response.setContentType("application/json");
        ObjectNode body = Json.mapper().createObjectNode().put("error", error).putNull("file").put("problem", problem);
        response.getWriter().write(Json.mapper().writeValueAsString(body));
    }
}
