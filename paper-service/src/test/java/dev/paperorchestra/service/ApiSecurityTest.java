package dev.paperorchestra.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.auth.TestIdentityProvider;
import dev.paperorchestra.service.status.PaperViews;
import jakarta.servlet.Filter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.util.unit.DataSize;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import tools.jackson.databind.JsonNode;

/**
 * Who a request is made by, through the service's real security filter chain and MVC (MockMvc, no broker): static
 * tokens of both forms, JWTs checked against the keys a real HTTP identity provider publishes, and every way a
 * token is refused. {@code GET /me} answers with the principal the chain made of the token.
 */
class ApiSecurityTest {

    private static final String TOKEN_A = "lab-a-s3cret-token";
    private static final String TOKEN_OPS = "ops-s3cret-token";
    private static final String BARE = "bare-s3cret-token";

    private final List<AnnotationConfigWebApplicationContext> contexts = new ArrayList<>();
    private TestIdentityProvider idp;

    @BeforeEach
    void start() throws Exception {
        idp = TestIdentityProvider.start();
    }

    @AfterEach
    void stop() {
        contexts.forEach(AnnotationConfigWebApplicationContext::close);
        idp.close();
    }

    @Test
    void a_request_without_a_token_or_with_an_unknown_one_is_a_401_that_never_echoes_the_token() throws Exception {
        MockMvc mvc = service(tokens(), oidc(null, idp.jwkSetUri(), null));

        MockHttpServletResponse missing = call(mvc, get("/papers"), null);
        MockHttpServletResponse unknown = call(mvc, get("/papers/p1"), "guess-what");

        assertThat(missing.getStatus()).isEqualTo(401);
        assertThat(missing.getHeader("WWW-Authenticate")).isEqualTo("Bearer realm=\"paperorchestra\"");
        assertThat(json(missing).path("problem").asString()).contains("po.service.tokens").contains("JWT");
        assertThat(unknown.getStatus()).isEqualTo(401);
        assertThat(unknown.getHeader("WWW-Authenticate")).contains("error=\"invalid_token\"");
        assertThat(unknown.getContentAsString() + unknown.getHeader("WWW-Authenticate")).doesNotContain("guess")
                .doesNotContain("s3cret");
    }

    @Test
    void health_metrics_the_api_document_and_the_console_pages_need_no_token_but_an_api_path_dressed_up_as_one_does()
            throws Exception {
        MockMvc mvc = service(tokens(), null);

        for (String open : List.of("/actuator/health", "/actuator/prometheus", "/openapi.yaml", "/console/index.html")) {
            assertThat(call(mvc, get(open), null).getStatus()).as(open).isNotEqualTo(401);
        }
        // refused by the firewall in front of the chain (400), or by the chain as the API path they are (401)
        assertThat(call(mvc, get(URI.create("/console/%2e%2e/papers")), null).getStatus()).isIn(400, 401);
        assertThat(call(mvc, get("/console/..;/operations"), null).getStatus()).isIn(400, 401);
        assertThat(call(mvc, get("/consoles"), null).getStatus()).isEqualTo(401);
    }

    @Test
    void a_static_token_names_its_tenant_and_roles_and_a_bare_one_the_default_tenant_with_every_role()
            throws Exception {
        MockMvc mvc = service(tokens(), null);

        JsonNode labA = json(call(mvc, get("/me"), TOKEN_A));
        JsonNode ops = json(call(mvc, get("/me"), TOKEN_OPS));
        JsonNode bare = json(call(mvc, get("/me"), BARE));

        assertThat(labA.path("tenant").asString()).isEqualTo("lab-a");
        assertThat(labA.path("roles").toString()).isEqualTo("[\"submit\",\"approve\"]");
        assertThat(labA.path("name").asString()).matches("lab-a token [0-9a-f]{8}");
        assertThat(ops.path("tenant").asString()).isEqualTo("ops");
        assertThat(ops.path("roles").toString()).isEqualTo("[\"operate\"]");
        assertThat(bare.path("tenant").asString()).isEqualTo("default");
        assertThat(bare.path("roles").toString()).isEqualTo("[\"submit\",\"approve\",\"operate\",\"admin\"]");
        assertThat(labA.toString() + ops + bare).doesNotContain("s3cret");
    }

    @Test
    void a_jwt_signed_with_the_published_key_names_its_principal_tenant_and_roles_from_the_claims()
            throws Exception {
        MockMvc mvc = service(tokens(), oidc(idp.issuer(), idp.jwkSetUri(), TestIdentityProvider.AUDIENCE));

        JsonNode alice = json(call(mvc, get("/me"), idp.token("alice@lab-b.example", "lab-b", "approve", "submit",
                "offline_access")));
        JsonNode again = json(call(mvc, get("/me"), idp.token("carol@ops.example", "ops", "operate")));

        assertThat(alice.path("name").asString()).isEqualTo("alice@lab-b.example");
        assertThat(alice.path("tenant").asString()).isEqualTo("lab-b");
        assertThat(alice.path("roles").toString()).isEqualTo("[\"submit\",\"approve\"]");
        assertThat(again.path("roles").toString()).isEqualTo("[\"operate\"]");
        assertThat(idp.keyRequests()).as("the keys are fetched once and kept").isEqualTo(1);
        assertThat(call(mvc, get("/me"), TOKEN_A).getStatus()).as("static tokens still work beside JWTs")
                .isEqualTo(200);
    }

    @Test
    void the_keys_are_found_from_the_issuers_metadata_when_only_the_issuer_is_configured() throws Exception {
        MockMvc mvc = service(List.of(), oidc(idp.issuer(), null, null));

        MockHttpServletResponse answer = call(mvc, get("/me"), idp.token("bob", "lab-a", "submit"));

        assertThat(answer.getStatus()).isEqualTo(200);
        assertThat(json(answer).path("tenant").asString()).isEqualTo("lab-a");
    }

    @Test
    void an_expired_forged_foreign_or_incomplete_jwt_is_a_401_saying_why() throws Exception {
        MockMvc mvc = service(tokens(), oidc(idp.issuer(), idp.jwkSetUri(), TestIdentityProvider.AUDIENCE));

        assertThat(refusal(mvc, idp.expired("alice", "lab-a", "submit"))).containsIgnoringCase("expired");
        assertThat(refusal(mvc, idp.forged("mallory", "lab-a", "admin"))).containsIgnoringCase("signature");
        assertThat(refusal(mvc, idp.token(claims -> claims.subject("eve").claim("tenant", "lab-a")
                .claim("roles", List.of("submit")).issuer("https://other.example")))).contains("iss");
        assertThat(refusal(mvc, idp.token(claims -> claims.subject("eve").claim("tenant", "lab-a")
                .claim("roles", List.of("submit")).audience("another-service")))).contains("aud");
        assertThat(refusal(mvc, idp.token(claims -> claims.subject("dan").claim("roles", List.of("submit")))))
                .contains("no tenant claim");
        assertThat(refusal(mvc, idp.token("dan", "Lab A", "submit"))).contains("is not a tenant name");
        assertThat(refusal(mvc, idp.token("dan", "lab-a", "reader", "writer")))
                .contains("grants none of the roles submit, approve, operate, admin");
    }

    @Test
    void roles_and_tenant_come_from_the_configured_claims_dotted_paths_and_a_role_prefix_included()
            throws Exception {
        PaperServiceProperties.Oidc nested = new PaperServiceProperties.Oidc(idp.issuer(), idp.jwkSetUri(), null,
                "org.team", "realm_access.roles", "po-", "email");
        MockMvc mvc = service(List.of(), nested);

        JsonNode me = json(call(mvc, get("/me"), idp.token(claims -> claims.subject("f81d4fae")
                .claim("email", "dora@lab-c.example").claim("org", java.util.Map.of("team", "lab-c"))
                .claim("realm_access", java.util.Map.of("roles", List.of("po-approve", "approve", "uma_auth"))))));

        assertThat(me.path("name").asString()).isEqualTo("dora@lab-c.example");
        assertThat(me.path("tenant").asString()).isEqualTo("lab-c");
        assertThat(me.path("roles").toString()).as("only prefixed names count").isEqualTo("[\"approve\"]");
    }

    @Test
    void an_unreachable_identity_provider_is_a_503_to_jwt_callers_while_static_tokens_go_on() throws Exception {
        String token = idp.token("alice", "lab-a", "submit");
        MockMvc mvc = service(tokens(), oidc(null, URI.create("http://127.0.0.1:9/keys"), null));

        MockHttpServletResponse answer = call(mvc, get("/me"), token);

        assertThat(answer.getStatus()).isEqualTo(503);
        assertThat(answer.getHeader("Retry-After")).isEqualTo("30");
        assertThat(call(mvc, get("/me"), TOKEN_A).getStatus()).isEqualTo(200);
    }

    @Test
    void a_service_without_tokens_or_oidc_serves_every_request_as_the_local_principal() throws Exception {
        MockMvc mvc = service(List.of(), null);

        JsonNode me = json(call(mvc, get("/me"), null));

        assertThat(me.path("name").asString()).isEqualTo("no token: a local service");
        assertThat(me.path("tenant").asString()).isEqualTo("default");
        assertThat(me.path("roles")).hasSize(4);
    }

    private String refusal(MockMvc mvc, String token) throws Exception {
        MockHttpServletResponse answer = call(mvc, get("/me"), token);
        assertThat(answer.getStatus()).as(answer.getContentAsString()).isEqualTo(401);
        assertThat(answer.getHeader("WWW-Authenticate")).contains("error=\"invalid_token\"");
        return json(answer).path("problem").asString();
    }

    private static List<String> tokens() {
        return List.of("lab-a:submit+approve:" + TOKEN_A, "ops:operate:" + TOKEN_OPS, BARE);
    }

    private static PaperServiceProperties.Oidc oidc(@Nullable URI issuer, @Nullable URI keys,
            @Nullable String audience) {
        return new PaperServiceProperties.Oidc(issuer, keys, audience, "tenant", "roles", "", "sub");
    }

    /** The security chain and MVC of the service, with its /me endpoint, over a status view that is never read. */
    private MockMvc service(List<String> tokens, PaperServiceProperties.@Nullable Oidc oidc) {
        PaperServiceProperties properties = new PaperServiceProperties(tokens, DataSize.ofMegabytes(50),
                DataSize.ofMegabytes(200), 2000, DataSize.ofMegabytes(64), 200, Path.of("unused"), Duration.ZERO,
                Duration.ofMinutes(1), Duration.ofSeconds(1), 20, Duration.ofMinutes(1), 500, "latexmk",
                Duration.ofMinutes(2), oidc == null ? PaperServiceProperties.Oidc.NONE : oidc);
        AnnotationConfigWebApplicationContext context = new AnnotationConfigWebApplicationContext();
        context.setServletContext(new MockServletContext());
        context.register(Mvc.class, ApiSecurityConfiguration.class);
        context.addBeanFactoryPostProcessor(beans -> {
            beans.registerSingleton("paperServiceProperties", properties);
            beans.registerSingleton("paperViews", new PaperViews(null));
        });
        context.scan("dev.paperorchestra.service.auth");
        context.refresh();
        contexts.add(context);
        return MockMvcBuilders.webAppContextSetup(context)
                .addFilters(context.getBean("springSecurityFilterChain", Filter.class)).build();
    }

    @EnableWebMvc
    static class Mvc {
    }

    private static MockHttpServletResponse call(MockMvc mvc, MockHttpServletRequestBuilder request,
            @Nullable String token) throws Exception {
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return mvc.perform(request).andReturn().getResponse();
    }

    private static JsonNode json(MockHttpServletResponse response) throws Exception {
        return Json.mapper().readTree(response.getContentAsString());
    }
}
