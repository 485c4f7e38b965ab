package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ArtifactRef;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalBlobStoreTest extends BlobStoreContract {

    @TempDir
    Path root;

    @Override
    protected BlobStore store() {
        return new LocalBlobStore(root);
    }

    @Override
    protected BlobStore otherEmptyStore() {
        return new LocalBlobStore(root.resolve("elsewhere"));
    }

    @Override
    protected void overwrite(ArtifactRef ref, byte[] content) throws Exception {
        Files.write(Path.of(URI.create(ref.getUri())), content);
    }

    @Test
    void a_claim_check_is_a_file_uri_under_the_root() {
        ArtifactRef ref = store().putText("hello", MediaTypes.TEX);

        assertThat(Path.of(URI.create(ref.getUri()))).isEqualTo(root.toAbsolutePath().normalize()
                .resolve("2c").resolve(ref.getSha256()));
    }
}
