package dev.paperorchestra.service;

import dev.paperorchestra.service.auth.StaticTokens;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the paper service.
 *
 * @param tokens          static bearer tokens accepted on the API (comma-separated in {@code PO_SERVICE_TOKENS}, e.g.
 *                        from a Kubernetes Secret): a bare token (tenant default, every role) or
 *                        {@code TENANT:ROLE+ROLE:TOKEN} with roles submit, approve, operate, admin; with neither
 *                        tokens nor OIDC the service binds to 127.0.0.1 only
 * @param maxUploadSize   largest materials archive accepted (413 above)
 * @param maxUnpackedSize most bytes an archive may unpack to (413 above)
 * @param maxEntries      most files and directories in an archive (413 above)
 * @param maxUnpackedFileSize most bytes one file of an archive may unpack to (413 above)
 * @param maxCompressionRatio most unpacked bytes per archive byte, checked past the first MiB (413 above: a
 *                        decompression bomb)
 * @param workDir         where uploads are unpacked while they are checked (removed right after)
 * @param readYourWrite   longest a submit or cancel waits for the status view to show it before answering
 * @param eventsTimeout   longest one server-sent events stream stays open
 * @param eventsInterval  how often the events streams look for status changes in the view
 * @param maxPageSize     most papers one page of {@code GET /papers} holds
 * @param referenceTimeout longest {@code POST /references} waits for the verifier to answer, its queue included
 * @param maxReferences   most references one {@code POST /references} may look up
 * @param latexmk         the latexmk command an upload's template is first compiled with, in the sandbox, before the
 *                        paper is accepted (a package, class or font this TeX lacks is a 400 naming it); when it
 *                        cannot be found the upload is accepted and the writer's compile reports such a lack
 * @param templateTrialTimeout longest that first compile may take
 * @param oidc            bearer JWTs from an OpenID Connect identity provider, beside or instead of static tokens
 */
@Validated
@ConfigurationProperties("po.service")
public record PaperServiceProperties(
        @DefaultValue List<String> tokens,
        @DefaultValue("50MB") @NotNull DataSize maxUploadSize,
        @DefaultValue("200MB") @NotNull DataSize maxUnpackedSize,
        @DefaultValue("2000") @Min(1) int maxEntries,
        @DefaultValue("64MB") @NotNull DataSize maxUnpackedFileSize,
        @DefaultValue("200") @Min(1) int maxCompressionRatio,
        @DefaultValue(".po-state/uploads") @NotNull Path workDir,
        @DefaultValue("10s") @NotNull Duration readYourWrite,
        @DefaultValue("60m") @NotNull Duration eventsTimeout,
        @DefaultValue("250ms") @NotNull Duration eventsInterval,
        @DefaultValue("200") @Min(1) int maxPageSize,
        @DefaultValue("10m") @NotNull Duration referenceTimeout,
        @DefaultValue("500") @Min(1) int maxReferences,
        @DefaultValue("latexmk") @NotBlank String latexmk,
        @DefaultValue("2m") @NotNull Duration templateTrialTimeout,
        @DefaultValue @Valid Oidc oidc) {

    public PaperServiceProperties {
        tokens = tokens.stream().map(String::strip).filter(token -> !token.isEmpty()).toList();
        // a malformed entry stops the service at start-up, naming the entry, never its token
        StaticTokens.parse(tokens);
    }

    /** Without tokens or OIDC nobody is authenticated, so only this machine may connect. */
    public boolean loopbackOnly() {
        return tokens.isEmpty() && !oidc.enabled();
    }

    public StaticTokens staticTokens() {
        return StaticTokens.parse(tokens);
    }

    /**
     * OpenID Connect: bearer JWTs signed by an identity provider, checked against its published keys (JWKS), with
     * the principal's tenant and roles read from claims.
     *
     * @param issuerUri   the issuer: a JWT's {@code iss} must equal it, and its keys are found through its metadata
     *                    ({@code /.well-known/openid-configuration}) unless {@code jwk-set-uri} is set; with neither
     *                    set, no JWT is accepted
     * @param jwkSetUri   where the issuer publishes its signing keys (a JWKS document)
     * @param audience    a value the JWT's {@code aud} must hold; unset: the audience is not checked
     * @param tenantClaim the claim holding the principal's tenant (a dotted path reaches into objects, e.g.
     *                    {@code po.tenant}); a JWT without it is refused
     * @param rolesClaim  the claim holding the roles: an array, or a string of names separated by spaces or commas
     *                    (e.g. {@code realm_access.roles}); names that are no role are ignored, and a JWT without
     *                    any role is refused
     * @param rolePrefix  a prefix the role names carry in the claim (e.g. {@code po-}), removed before reading them;
     *                    names without it are ignored; unset: none
     * @param nameClaim   the claim naming the principal, recorded as the decider at a gate
     */
    public record Oidc(@Nullable URI issuerUri, @Nullable URI jwkSetUri, @Nullable String audience,
            @DefaultValue("tenant") @NotBlank String tenantClaim,
            @DefaultValue("roles") @NotBlank String rolesClaim,
            @Nullable String rolePrefix,
            @DefaultValue("sub") @NotBlank String nameClaim) {

        /** No JWTs: static tokens only. */
        public static final Oidc NONE = new Oidc(null, null, null, "tenant", "roles", null, "sub");

        public boolean enabled() {
            return issuerUri != null || jwkSetUri != null;
        }

        /** The role prefix, empty when unset. */
        public String rolePrefixOrNone() {
            return rolePrefix == null ? "" : rolePrefix;
        }
    }
}
