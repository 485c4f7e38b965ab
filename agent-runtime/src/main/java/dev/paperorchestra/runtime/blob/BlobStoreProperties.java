package dev.paperorchestra.runtime.blob;

import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where artifacts live.
 *
 * @param type the store kind; {@code local} is a directory shared by every agent of a deployment (an S3
 *             implementation plugs in behind the same interface)
 * @param root root directory of the local store
 */
@Validated
@ConfigurationProperties("po.blob")
public record BlobStoreProperties(
        @DefaultValue("local") @NotNull Type type,
        @DefaultValue(".po-state/blobs") @NotNull Path root) {

    public enum Type { LOCAL }
}
