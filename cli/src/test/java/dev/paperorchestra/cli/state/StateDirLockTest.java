package dev.paperorchestra.cli.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirLockTest {

    @TempDir
    Path stateDir;

    @Test
    void a_second_holder_is_refused_with_the_first_ones_pid_until_it_lets_go() {
        try (StateDirLock first = StateDirLock.acquire(stateDir)) {
            assertThatThrownBy(() -> StateDirLock.acquire(stateDir))
                    .isInstanceOf(StateDirLock.StateDirInUseException.class)
                    .hasMessageContaining("is in use by another po")
                    .hasMessageContaining("pid " + ProcessHandle.current().pid())
                    .hasMessageContaining("--state-dir");
        }

        try (StateDirLock again = StateDirLock.acquire(stateDir)) {
            assertThat(stateDir.resolve(StateDirLock.FILE)).exists();
        }
    }
}
