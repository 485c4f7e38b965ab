package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.ArtifactRef;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What every {@link BlobStore} promises; each implementation's test extends this suite. */
public abstract class BlobStoreContract {

    /** A fresh, empty store. */
    protected abstract BlobStore store();

    /** The same store's backing, emptied: a store that lost everything. */
    protected abstract BlobStore otherEmptyStore();

    /** Replaces the stored bytes behind a claim-check, as corruption or tampering would. */
    protected abstract void overwrite(ArtifactRef ref, byte[] content) throws Exception;

    @Test
    void equal_content_gets_one_address() {
        BlobStore store = store();

        ArtifactRef first = store.putText("hello", MediaTypes.TEX);
        ArtifactRef second = store.putText("hello", MediaTypes.TEX);

        assertThat(first).isEqualTo(second);
        assertThat(first.getSha256()).isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        assertThat(first.getSizeBytes()).isEqualTo(5);
        assertThat(first.getMediaType()).isEqualTo(MediaTypes.TEX);
    }

    @Test
    void reads_back_what_was_written() {
        BlobStore store = store();
        byte[] binary = {0, (byte) 0xff, 1, (byte) 0x80, 10, 13};

        assertThat(store.getText(store.putText("héllo", MediaTypes.TEX))).isEqualTo("héllo");
        assertThat(store.get(store.put(binary, MediaTypes.PDF))).isEqualTo(binary);
        assertThat(store.get(store.put(new byte[0], MediaTypes.OCTETS))).isEmpty();
    }

    @Test
    void a_blob_whose_content_changed_is_refused() throws Exception {
        BlobStore store = store();
        ArtifactRef ref = store.putText("original", MediaTypes.TEX);
        overwrite(ref, "tampered".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> store.get(ref)).isInstanceOf(BlobNotFoundException.class)
                .hasMessageContaining("does not match its hash");
    }

    @Test
    void a_missing_blob_is_reported_with_its_id() {
        ArtifactRef ref = store().putText("x", MediaTypes.TEX);

        assertThatThrownBy(() -> otherEmptyStore().get(ref)).isInstanceOf(BlobNotFoundException.class)
                .hasMessageContaining(ref.getSha256());
    }

    @Test
    void a_claim_check_that_is_no_sha256_is_refused() {
        ArtifactRef ref = store().putText("x", MediaTypes.TEX);
        ref.setSha256("../../etc/passwd");

        assertThatThrownBy(() -> store().get(ref)).isInstanceOf(BlobNotFoundException.class)
                .hasMessageContaining("not a sha256 blob id");
    }

    @Test
    void a_keyed_entry_is_read_back_and_replaced_by_a_second_write() {
        BlobStore store = store();

        store.putKeyed("llm-cache", "abc123.json", "first".getBytes(StandardCharsets.UTF_8));
        store.putKeyed("llm-cache", "abc123.json", "second".getBytes(StandardCharsets.UTF_8));

        assertThat(store.getKeyed("llm-cache", "abc123.json")).hasValueSatisfying(content ->
                assertThat(new String(content, StandardCharsets.UTF_8)).isEqualTo("second"));
        assertThat(store.getKeyed("other-namespace", "abc123.json")).isEmpty();
    }

    @Test
    void a_missing_keyed_entry_is_empty() {
        assertThat(store().getKeyed("llm-cache", "never-written")).isEmpty();
    }

    @Test
    void keyed_names_that_could_leave_their_namespace_are_refused() {
        BlobStore store = store();
        byte[] content = {1};

        assertThatThrownBy(() -> store.putKeyed("llm-cache", "../escape", content))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.putKeyed("..", "key", content)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.getKeyed("a/b", "key")).isInstanceOf(IllegalArgumentException.class);
    }
}
