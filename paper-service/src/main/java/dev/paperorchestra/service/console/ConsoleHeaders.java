package dev.paperorchestra.service.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Security headers of the console's pages: scripts and styles only from the service itself (no inline script,
 * so an injected paper title cannot run), PDFs and figures shown from {@code blob:} URLs the page made from
 * authenticated fetches, never framed by another site, no referrer (the page never puts a token in a URL, and
 * sends no paper ids elsewhere either).
 */
public final class ConsoleHeaders extends OncePerRequestFilter {

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "connect-src 'self'; frame-src 'self' blob:; object-src 'self' blob:; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !ConsolePaths.isConsolePage(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("Content-Security-Policy", POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Cache-Control", "no-cache");
        chain.doFilter(request, response);
    }
}
