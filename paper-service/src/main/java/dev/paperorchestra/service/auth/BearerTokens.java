package dev.paperorchestra.service.auth;

import dev.paperorchestra.service.console.ConsolePaths;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets an API request through only with {@code Authorization: Bearer <token>} naming a configured token
 * (compared in constant time; a token is never logged or echoed). Health, metrics and the OpenAPI document stay
 * open for probes and scrapers, and so do the console's static pages. With no token configured every request passes: the service then listens on the
 * loopback interface only ({@link LoopbackOnly}).
 */
public final class BearerTokens extends OncePerRequestFilter {

    private final List<byte[]> tokens;

    public BearerTokens(List<String> tokens) {
        this.tokens = tokens.stream().map(token -> token.getBytes(StandardCharsets.UTF_8)).toList();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        // the console's static pages hold no data; each call they make for data carries the token
        return tokens.isEmpty() || path.startsWith("/actuator/") || path.equals("/openapi.yaml")
                || ConsolePaths.isConsolePage(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (accepted(request.getHeader("Authorization"))) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Bearer realm=\"paperorchestra\"");
        response.setContentType("application/json");
        response.getWriter().write("{\"error\":\"unauthorized\",\"problem\":\"send Authorization: Bearer <token> "
                + "with a token of po.service.tokens\"}");
    }

    boolean accepted(String header) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        byte[] given = header.substring(7).strip().getBytes(StandardCharsets.UTF_8);
        boolean match = false;
        for (byte[] token : tokens) {
            match |= MessageDigest.isEqual(token, given);
        }
        return match;
    }
}
