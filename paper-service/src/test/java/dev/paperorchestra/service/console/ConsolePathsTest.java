package dev.paperorchestra.service.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.service.auth.BearerTokens;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Only the console's static pages pass the token filter without a token, and only when the path the container
 * maps is the path that was sent: an encoded or dotted path that the container would map to an API path needs
 * the token like the API path itself.
 */
class ConsolePathsTest {

    private final BearerTokens tokens = new BearerTokens(List.of("s3cret"));

    @Test
    void the_console_pages_load_without_a_token() throws Exception {
        for (String page : List.of("/", "/console", "/console/", "/console/index.html", "/console/console.js")) {
            assertThat(status(page, page)).as(page).isEqualTo(200);
        }
    }

    @Test
    void data_paths_need_the_token_however_the_path_is_dressed_up_as_a_page() throws Exception {
        assertThat(status("/papers", "/papers")).isEqualTo(401);
        assertThat(status("/operations", "/operations")).isEqualTo(401);
        // what the container maps is the API; what was sent looked like a console page
        assertThat(status("/console/%2e%2e/papers", "/papers")).isEqualTo(401);
        assertThat(status("/console/..;/papers", "/papers")).isEqualTo(401);
        assertThat(status("/console/;x=1/../operations", "/operations")).isEqualTo(401);
        assertThat(status("/console//..//papers", "/papers")).isEqualTo(401);
        assertThat(status("/consoles", "/consoles")).isEqualTo(401);
        assertThat(status("/console/%2e%2e/papers", "/console/%2e%2e/papers")).isEqualTo(401);
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

    private int status(String sent, String mapped) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        tokens.doFilter(request(sent, mapped), response, new MockFilterChain());
        return response.getStatus();
    }

    private static MockHttpServletRequest request(String sent, String mapped) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", sent);
        request.setServletPath(mapped);
        return request;
    }
}
