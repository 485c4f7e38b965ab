package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.ArtifactRef;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalBlobStoreTest {

    @TempDir
    Path root;

    @Test
    void equal_content_gets_one_address() {
        LocalBlobStore store = new LocalBlobStore(root);

        ArtifactRef first = store.putText("hello", MediaTypes.TEX);
        ArtifactRef second = store.putText("hello", MediaTypes.TEX);

        assertThat(first).isEqualTo(second);
        assertThat(first.getSha256()).isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        assertThat(first.getSizeBytes()).isEqualTo(5);
    }

    @Test
    void reads_back_what_was_written() {
        LocalBlobStore store = new LocalBlobStore(root);

        assertThat(store.getText(store.putText("héllo", MediaTypes.TEX))).isEqualTo("héllo");
    }

    @Test
    void a_blob_whose_content_changed_on_disk_is_refused() throws Exception {
        LocalBlobStore store = new LocalBlobStore(root);
        ArtifactRef ref = store.putText("original", MediaTypes.TEX);
        Files.writeString(Path.of(java.net.URI.create(ref.getUri())), "tampered");

        assertThatThrownBy(() -> store.get(ref)).isInstanceOf(BlobNotFoundException.class)
                .hasMessageContaining("does not match its hash");
    }

    @Test
    void a_missing_blob_is_reported_with_its_id() {
        LocalBlobStore store = new LocalBlobStore(root);
        ArtifactRef ref = store.putText("x", MediaTypes.TEX);

        LocalBlobStore other = new LocalBlobStore(root.resolve("elsewhere"));

        assertThatThrownBy(() -> other.get(ref)).isInstanceOf(BlobNotFoundException.class)
                .hasMessageContaining(ref.getSha256());
    }
}
