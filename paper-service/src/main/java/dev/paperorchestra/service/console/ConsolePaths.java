package dev.paperorchestra.service.console;

import jakarta.servlet.http.HttpServletRequest;

/** Which requests are for the console's static pages: these, and only these, are served without a token. */
public final class ConsolePaths {

    private ConsolePaths() {
    }

    /**
     * {@code /}, {@code /console} and files under {@code /console/}. The pages hold no data: everything they show
     * comes from API calls that carry the bearer token. The path the container maps (decoded, dot segments and
     * path parameters removed) must be a console page and be exactly the path as sent: {@code
     * /console/%2e%2e/papers} or {@code /console/..;/papers} would otherwise pass as a page and be served as
     * {@code /papers}.
     */
    public static boolean isConsolePage(HttpServletRequest request) {
        String mapped = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        String sent = request.getRequestURI();
        return mapped.equals(sent) && isConsolePage(mapped);
    }

    static boolean isConsolePage(String path) {
        return (path.equals("/") || path.equals("/console") || path.startsWith("/console/"))
                && !path.contains("..") && !path.contains("%") && !path.contains(";") && !path.contains("//");
    }
}
