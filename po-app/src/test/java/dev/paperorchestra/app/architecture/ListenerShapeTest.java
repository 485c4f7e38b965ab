package dev.paperorchestra.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * Every production listener has one shape: an {@code <agent>.<topic>} id, a container factory by kind instead of
 * consumer properties of its own, and an explicit consumer group. The groups are pinned: a changed group id
 * starts from no committed offsets in a running deployment (and KEDA's scaledobjects.yaml names them).
 */
class ListenerShapeTest {

    /** Listener id to consumer group, as deployed. */
    private static final Map<String, String> GROUPS = Map.ofEntries(
            Map.entry("outline-agent.paper-requests", "outline-agent"),
            Map.entry("literature-agent.paper-outlines", "literature-planner"),
            Map.entry("literature-agent.literature-search-tasks", "literature-search"),
            Map.entry("literature-agent.citation-verify-requests", "literature-verifier"),
            Map.entry("literature-agent.literature-draft-requests", "literature-agent.literature-draft-requests"),
            Map.entry("plotting-agent.paper-outlines", "plotting-planner"),
            Map.entry("plotting-agent.plot-tasks", "plotting-worker"),
            Map.entry("writer-agent.draft-requests", "writer-agent.draft-requests"),
            Map.entry("refine-agent.paper-drafts", "refine-agent-drafts"),
            Map.entry("refine-agent.review-results", "refine-agent-reviews"),
            Map.entry("reviewer-agent.review-requests", "reviewer-agent"),
            Map.entry("refine-agent.revision-requests", "refine-agent-revisions"),
            Map.entry("refine-agent.revision-scores", "refine-agent-revision-scores"),
            Map.entry("reviewer-agent.revision-edits", "reviewer-agent-revisions"),
            Map.entry("reviewer-agent.panel-review-requests", "reviewer-panel-members"));

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOptions(List.of(new ImportOption.DoNotIncludeTests(), new ArchitectureTest.NoTestJars()))
            .importPackages("dev.paperorchestra");

    @Test
    void every_listener_has_an_agent_dot_topic_id_a_factory_and_its_pinned_group() {
        Map<String, String> groups = new TreeMap<>();
        for (JavaMethod method : PRODUCTION.stream().flatMap(type -> type.getMethods().stream())
                .filter(method -> method.isAnnotatedWith(KafkaListener.class)).toList()) {
            KafkaListener listener = method.getAnnotationOfType(KafkaListener.class);
            String agent = method.getOwner().getPackageName().split("\\.")[2] + "-agent";
            assertThat(listener.id()).as(method.getFullName()).matches(agent.replace("-", "\\-") + "\\.[a-z0-9-]+");
            assertThat(listener.containerFactory()).as(method.getFullName() + ": a factory by kind").isNotBlank();
            assertThat(listener.properties()).as(method.getFullName() + ": consumer properties belong to the "
                    + "factory").isEmpty();
            assertThat(listener.groupId()).as(method.getFullName() + ": an explicit group").isNotBlank();
            groups.put(listener.id(), listener.groupId());
        }
        assertThat(groups).isEqualTo(new TreeMap<>(GROUPS));
    }
}
