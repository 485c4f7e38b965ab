package dev.paperorchestra.service.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Only the console's static pages are pages (served without a token), and only when the path the container maps
 * is the path that was sent: an encoded or dotted path that the container would map to an API path is the API
 * path, which needs a token (ApiSecurityTest sends such paths through the security filter chain).
 */
class ConsolePathsTest {

    @Test
    void the_console_pages_are_pages() {
        for (String page : List.of("/", "/console", "/console/", "/console/index.html", "/console/console.js")) {
            assertThat(ConsolePaths.isConsolePage(request(page, page))).as(page).isTrue();
        }
    }

    @Test
    void data_paths_are_no_pages_however_the_path_is_dressed_up_as_one() {
        assertThat(ConsolePaths.isConsolePage(request("/papers", "/papers"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/operations", "/operations"))).isFalse();
        // what the container maps is the API; what was sent looked like a console page
        assertThat(ConsolePaths.isConsolePage(request("/console/%2e%2e/papers", "/papers"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/console/..;/papers", "/papers"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/console/;x=1/../operations", "/operations"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/console//..//papers", "/papers"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/consoles", "/consoles"))).isFalse();
        assertThat(ConsolePaths.isConsolePage(request("/console/%2e%2e/papers", "/console/%2e%2e/papers")))
                .isFalse();
    }

    @Test
    void the_pages_carry_a_policy_that_allows_only_the_services_own_scripts() throws Exception {
        MockHttpServletRequest request = request("/console/index.html", "/console/index.html");
        MockHttpServletResponse response = new MockHttpServletResponse();
        new ConsoleHeaders().doFilter(request, response, new MockFilterChain());

        assertThat(response.getHeader("Content-Security-Policy")).contains("script-src 'self'")
                .contains("frame-ancestors 'none'").doesNotContain("unsafe");
        assertThat(response.getHeader("Referrer-Policy")).isEqualTo("no-referrer");

        MockHttpServletResponse api = new MockHttpServletResponse();
        new ConsoleHeaders().doFilter(request("/papers", "/papers"), api, new MockFilterChain());
        assertThat(api.getHeader("Content-Security-Policy")).isNull();
    }

    private static MockHttpServletRequest request(String sent, String mapped) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", sent);
        request.setServletPath(mapped);
        return request;
    }
}
