package dev.paperorchestra.service.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * An OpenID Connect identity provider as far as a resource server sees one: a real HTTP server publishing its
 * metadata ({@code /.well-known/openid-configuration}) and its signing keys (a JWKS), and JWTs signed with a freshly
 * generated RSA key. A second key, never published, signs forgeries.
 */
public final class TestIdentityProvider implements AutoCloseable {

    public static final String AUDIENCE = "paperorchestra";

    private final HttpServer server;
    private final RSAKey key;
    private final RSAKey stranger;
    private final AtomicInteger keyRequests = new AtomicInteger();

    private TestIdentityProvider(HttpServer server, RSAKey key, RSAKey stranger) {
        this.server = server;
        this.key = key;
        this.stranger = stranger;
    }

    public static TestIdentityProvider start() throws IOException {
        try {
            RSAKey key = new RSAKeyGenerator(2048).keyID("po-test-1").generate();
            RSAKey stranger = new RSAKeyGenerator(2048).keyID("po-test-1").generate();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            TestIdentityProvider provider = new TestIdentityProvider(server, key, stranger);
            server.createContext("/realm/.well-known/openid-configuration", exchange -> provider.answer(exchange,
                    "{\"issuer\":\"" + provider.issuer() + "\",\"jwks_uri\":\"" + provider.jwkSetUri() + "\"}"));
            server.createContext("/realm/keys", exchange -> {
                provider.keyRequests.incrementAndGet();
                provider.answer(exchange, new JWKSet(key.toPublicJWK()).toString());
            });
            server.start();
            return provider;
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public URI issuer() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/realm");
    }

    public URI jwkSetUri() {
        return URI.create(issuer() + "/keys");
    }

    /** How often the signing keys were fetched. */
    public int keyRequests() {
        return keyRequests.get();
    }

    /** A JWT valid for ten minutes naming the principal, its tenant and roles, for this service's audience. */
    public String token(String subject, String tenant, String... roles) {
        return token(claims -> claims.subject(subject).claim("tenant", tenant).claim("roles", List.of(roles)));
    }

    /** A JWT valid for ten minutes with the issuer and audience set and whatever claims the caller adds. */
    public String token(UnaryOperator<JWTClaimsSet.Builder> claims) {
        return signed(key, claims.apply(valid()).build());
    }

    /** A JWT that expired an hour ago. */
    public String expired(String subject, String tenant, String... roles) {
        Instant hourAgo = Instant.now().minus(Duration.ofHours(1));
        return signed(key, valid().subject(subject).claim("tenant", tenant).claim("roles", List.of(roles))
                .issueTime(Date.from(hourAgo.minusSeconds(600))).expirationTime(Date.from(hourAgo)).build());
    }

    /** A JWT like a valid one, with the published key's id, signed by a key the provider never published. */
    public String forged(String subject, String tenant, String... roles) {
        return signed(stranger, valid().subject(subject).claim("tenant", tenant).claim("roles", List.of(roles))
                .build());
    }

    private JWTClaimsSet.Builder valid() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer().toString()).audience(AUDIENCE).issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofMinutes(10))));
    }

    private static String signed(RSAKey with, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID())
                    .type(JOSEObjectType.JWT).build(), claims);
            jwt.sign(new RSASSASigner(with));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
