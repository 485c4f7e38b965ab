package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.junit.jupiter.api.Test;

class FailureReasonsTest {

    @Test
    void our_own_failure_inside_the_listener_wrapper_is_told_in_its_own_words() {
        var failure = new ListenerExecutionFailedException("Listener method failed",
                new InvalidMaterialsException("idea.md", "the idea is empty"));

        assertThat(FailureReasons.describe(failure)).isEqualTo("idea.md: the idea is empty");
    }

    @Test
    void a_foreign_failure_is_told_by_its_innermost_cause_with_its_type() {
        var failure = new ListenerExecutionFailedException("Listener method failed",
                new UncheckedIOException("cannot write blob", new IOException("No space left on device")));

        assertThat(FailureReasons.describe(failure)).isEqualTo("IOException: No space left on device");
    }
}
