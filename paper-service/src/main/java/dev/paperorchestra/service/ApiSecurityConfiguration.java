package dev.paperorchestra.service;

import dev.paperorchestra.service.auth.BearerAuthentication;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.CallerResolver;
import dev.paperorchestra.service.auth.JwtCallers;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Unauthorized;
import dev.paperorchestra.service.console.ConsolePaths;
import dev.paperorchestra.service.status.PaperViews;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtAudienceValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.SupplierJwtDecoder;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Who may call the API. Every request to it is made by a {@link Caller}: a static token of
 * {@code po.service.tokens} or a JWT of the identity provider ({@code po.service.oidc}) names one; a service with
 * neither listens on loopback only and every request is {@link Caller#LOCAL}. Health, metrics, the OpenAPI
 * document and the console's static pages stay open. Which papers a caller sees and what it may do with them is
 * decided per request ({@link PaperAccess}), since it depends on the paper's tenant.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class ApiSecurityConfiguration {

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, PaperServiceProperties properties) throws Exception {
        // bearer tokens in a header, no cookie: nothing for a cross-site request to ride on, no session to keep
        http.csrf(csrf -> csrf.disable())
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .formLogin(form -> form.disable())
                .httpBasic(basic -> basic.disable())
                .logout(logout -> logout.disable())
                // the console's headers are ConsoleHeaders'; the API's answers are JSON for clients
                .headers(headers -> headers.disable());
        if (properties.loopbackOnly()) {
            http.anonymous(anonymous -> anonymous.principal(Caller.LOCAL))
                    .authorizeHttpRequests(requests -> requests.anyRequest().permitAll());
            return http.build();
        }
        PaperServiceProperties.Oidc oidc = properties.oidc();
        Unauthorized unauthorized = new Unauthorized(oidc.enabled());
        BearerAuthentication bearer = new BearerAuthentication(properties.staticTokens(), jwtDecoder(oidc),
                new JwtCallers(oidc));
        http.authorizeHttpRequests(requests -> requests
                        // a forward to a console page, an SSE stream's later dispatches and error pages follow a
                        // request already let through
                        .dispatcherTypeMatchers(DispatcherType.FORWARD, DispatcherType.ASYNC, DispatcherType.ERROR)
                        .permitAll()
                        .requestMatchers(ApiSecurityConfiguration::open).permitAll()
                        .anyRequest().authenticated())
                .oauth2ResourceServer(resourceServer -> resourceServer
                        .authenticationManagerResolver(request -> bearer)
                        .authenticationEntryPoint(unauthorized)
                        .withObjectPostProcessor(new ObjectPostProcessor<BearerTokenAuthenticationFilter>() {
                            @Override
                            public <O extends BearerTokenAuthenticationFilter> O postProcess(O filter) {
                                // every failure answered by the entry point, an unreadable key set (503) too
                                filter.setAuthenticationFailureHandler((request, response, failure) -> {
                                    SecurityContextHolder.clearContext();
                                    unauthorized.commence(request, response, failure);
                                });
                                return filter;
                            }
                        }))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(unauthorized));
        return http.build();
    }

    /** Health, metrics and the API document for probes and scrapers; the console's pages, which hold no data. */
    static boolean open(HttpServletRequest request) {
        String path = request.getRequestURI();
        return path.startsWith("/actuator/") || path.equals("/openapi.yaml") || ConsolePaths.isConsolePage(request);
    }

    /**
     * The identity provider's JWTs, checked against its keys (fetched at the first JWT, then cached and refreshed by
     * Nimbus when a key id is unknown), its issuer and expiry, and the audience when one is configured. Null
     * without an identity provider.
     */
    static @Nullable JwtDecoder jwtDecoder(PaperServiceProperties.Oidc oidc) {
        if (!oidc.enabled()) {
            return null;
        }
        String issuer = oidc.issuerUri() == null ? null : oidc.issuerUri().toString();
        OAuth2TokenValidator<Jwt> checks = issuer == null ? JwtValidators.createDefault()
                : JwtValidators.createDefaultWithIssuer(issuer);
        if (oidc.audience() != null && !oidc.audience().isBlank()) {
            checks = new DelegatingOAuth2TokenValidator<>(checks, new JwtAudienceValidator(oidc.audience()));
        }
        OAuth2TokenValidator<Jwt> validator = checks;
        // lazily: the service starts, and answers 503 for JWTs, while the identity provider is unreachable
        return new SupplierJwtDecoder(() -> {
            NimbusJwtDecoder decoder = (oidc.jwkSetUri() != null
                    ? NimbusJwtDecoder.withJwkSetUri(oidc.jwkSetUri().toString())
                    : NimbusJwtDecoder.withIssuerLocation(issuer))
                    .jwsAlgorithms(algorithms -> algorithms.addAll(List.of(SignatureAlgorithm.RS256,
                            SignatureAlgorithm.RS384, SignatureAlgorithm.RS512, SignatureAlgorithm.PS256,
                            SignatureAlgorithm.ES256, SignatureAlgorithm.ES384)))
                    .build();
            decoder.setJwtValidator(validator);
            return decoder;
        });
    }

    @Bean
    PaperAccess paperAccess(PaperViews views) {
        return new PaperAccess(views);
    }

    @Bean
    WebMvcConfigurer callers() {
        return new WebMvcConfigurer() {
            @Override
            public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                resolvers.add(new CallerResolver());
            }
        };
    }
}
