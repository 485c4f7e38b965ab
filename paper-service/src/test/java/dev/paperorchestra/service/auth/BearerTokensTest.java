package dev.paperorchestra.service.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class BearerTokensTest {

    private final BearerTokens filter = new BearerTokens(List.of("s3cret-one", "s3cret-two"));

    @Test
    void lets_a_request_with_a_configured_token_through() throws Exception {
        MockHttpServletResponse response = run("/papers", "Bearer s3cret-two");

        assertThat(response.getStatus()).isEqualTo(200);
    }

    @Test
    void refuses_a_missing_or_unknown_token_without_echoing_it() throws Exception {
        MockHttpServletResponse missing = run("/papers/p1", null);
        MockHttpServletResponse wrong = run("/papers/p1", "Bearer guess");

        assertThat(missing.getStatus()).isEqualTo(401);
        assertThat(wrong.getStatus()).isEqualTo(401);
        assertThat(wrong.getHeader("WWW-Authenticate")).startsWith("Bearer");
        assertThat(wrong.getContentAsString()).doesNotContain("guess").doesNotContain("s3cret");
    }

    @Test
    void leaves_health_metrics_and_the_api_document_open() throws Exception {
        assertThat(run("/actuator/health", null).getStatus()).isEqualTo(200);
        assertThat(run("/actuator/prometheus", null).getStatus()).isEqualTo(200);
        assertThat(run("/openapi.yaml", null).getStatus()).isEqualTo(200);
    }

    @Test
    void without_tokens_lets_everything_through_and_binds_to_loopback_only() throws Exception {
        BearerTokens open = new BearerTokens(List.of());
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/papers");
        MockHttpServletResponse response = new MockHttpServletResponse();
        open.doFilter(request, response, new MockFilterChain());

        var factory = new org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory();
        factory.setAddress(java.net.InetAddress.getByName("0.0.0.0"));
        new LoopbackOnly(true).customize(factory);

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(factory.getAddress().isLoopbackAddress()).isTrue();
    }

    private MockHttpServletResponse run(String path, String authorization) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, new MockFilterChain());
        return response;
    }
}
