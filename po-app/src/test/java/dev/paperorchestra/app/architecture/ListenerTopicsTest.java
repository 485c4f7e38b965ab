package dev.paperorchestra.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * A listener names its topic by a catalog constant ({@code topics = Topics.Names.PAPER_OUTLINES}), the same word
 * a publisher names with {@code Topics.PAPER_OUTLINES}: no expression, no pattern, no name outside the catalog,
 * and the topic its id says it listens to.
 */
class ListenerTopicsTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOptions(List.of(new ImportOption.DoNotIncludeTests(), new ArchitectureTest.NoTestJars()))
            .importPackages("dev.paperorchestra");

    @Test
    void every_listener_listens_to_one_catalog_topic_the_one_its_id_names() {
        List<JavaMethod> listeners = PRODUCTION.stream().flatMap(type -> type.getMethods().stream())
                .filter(method -> method.isAnnotatedWith(KafkaListener.class)).toList();

        assertThat(listeners).isNotEmpty();
        for (JavaMethod method : listeners) {
            KafkaListener listener = method.getAnnotationOfType(KafkaListener.class);
            assertThat(listener.topicPattern()).as(method.getFullName()).isEmpty();
            assertThat(listener.topics()).as(method.getFullName()).singleElement()
                    .satisfies(topic -> assertThat(Topics.byName(topic)).as(topic + " in the catalog").isPresent())
                    .satisfies(topic -> assertThat(listener.id()).endsWith("." + topic));
        }
    }
}
