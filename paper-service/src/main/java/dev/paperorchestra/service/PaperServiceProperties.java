package dev.paperorchestra.service;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the paper service.
 *
 * @param tokens          bearer tokens accepted on the API (comma-separated in {@code PO_SERVICE_TOKENS}, e.g.
 *                        from a Kubernetes Secret); none configured means the service binds to 127.0.0.1 only
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
        @DefaultValue("500") @Min(1) int maxReferences) {

    public PaperServiceProperties {
        tokens = tokens.stream().map(String::strip).filter(token -> !token.isEmpty()).toList();
    }

    /** Without tokens nobody is authenticated, so only this machine may connect. */
    public boolean loopbackOnly() {
        return tokens.isEmpty();
    }
}
