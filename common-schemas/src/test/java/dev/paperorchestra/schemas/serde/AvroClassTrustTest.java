package dev.paperorchestra.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.JobDefaults;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.state.DraftInputsState;
import java.io.File;
import java.util.HashMap;
import java.util.ServiceLoader;
import org.apache.avro.LogicalTypes;
import org.apache.avro.util.ClassSecurityValidator;
import org.junit.jupiter.api.Test;

/** Avro 1.12.2 instantiates only trusted classes: ours are, by a service Avro loads itself, and nothing more. */
class AvroClassTrustTest {

    @Test
    void avro_finds_the_trust_on_the_class_path_without_any_setup_or_system_property() {
        assertThat(System.getProperty("org.apache.avro.SERIALIZABLE_PACKAGES")).isNull();
        assertThat(ServiceLoader.load(LogicalTypes.LogicalTypeFactory.class).stream().map(ServiceLoader.Provider::type))
                .contains(AvroClassTrust.class);
        // a builder filling in an enum default looks the enum class up by the schema's name
        assertThat(JobOptions.newBuilder().build().getLlmMode()).isEqualTo(LlmMode.OFFLINE);
    }

    @Test
    void the_classes_generated_from_our_schemas_are_trusted() {
        assertThat(ClassSecurityValidator.getGlobal().isTrusted(PaperRequestedEvent.class)).isTrue();
        assertThat(ClassSecurityValidator.getGlobal().isTrusted(LlmMode.class)).isTrue();
        assertThat(ClassSecurityValidator.getGlobal().isTrusted(DraftInputsState.class)).isTrue();
    }

    @Test
    void foreign_classes_and_our_hand_written_ones_stay_refused() {
        for (Class<?> untrusted : new Class<?>[] {File.class, HashMap.class, JobDefaults.class, AvroClassTrust.class}) {
            assertThat(ClassSecurityValidator.getGlobal().isTrusted(untrusted)).as(untrusted.getName()).isFalse();
            assertThatThrownBy(() -> ClassSecurityValidator.validate(untrusted)).isInstanceOf(SecurityException.class);
        }
        // what Avro trusted before stays trusted
        assertThat(ClassSecurityValidator.getGlobal().isTrusted(String.class)).isTrue();
    }
}
