package dev.paperorchestra.cli.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperRegistryTest {

    @TempDir
    Path stateDir;

    @Test
    void remembers_the_digest_and_the_last_state_of_a_paper() {
        PaperRegistry registry = new PaperRegistry(stateDir);
        registry.record("p1", "abc", PaperRegistry.State.SUBMITTED);
        registry.record("p1", "abc", PaperRegistry.State.COMPLETED);

        assertThat(new PaperRegistry(stateDir).find("p1"))
                .contains(new PaperRegistry.Entry("abc", PaperRegistry.State.COMPLETED));
        assertThat(registry.find("p2")).isEmpty();
    }

    @Test
    void never_touches_a_path_built_from_an_unsafe_id() {
        assertThatThrownBy(() -> new PaperRegistry(stateDir).record("../x", "abc", PaperRegistry.State.SUBMITTED))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void names_the_unfinished_papers_made_from_the_same_materials() {
        PaperRegistry registry = new PaperRegistry(stateDir);
        registry.record("killed-b", "abc", PaperRegistry.State.SUBMITTED);
        registry.record("killed-a", "abc", PaperRegistry.State.SUBMITTED);
        registry.record("done", "abc", PaperRegistry.State.COMPLETED);
        registry.record("other", "def", PaperRegistry.State.SUBMITTED);

        assertThat(registry.unfinished("abc")).containsExactly("killed-a", "killed-b");
        assertThat(registry.unfinished("xyz")).isEmpty();
        assertThat(new PaperRegistry(stateDir.resolve("fresh")).unfinished("abc")).isEmpty();
    }
}
