package dev.paperorchestra.schemas.topics;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Listeners name their topic by {@link Topics.Names} (annotation attributes need compile-time constants) and
 * publishers by the {@link Topic} of the same field name: these keep the two the same word for the same topic.
 */
class TopicCatalogTest {

    @Test
    void every_topic_is_named_by_the_names_constant_of_the_same_field_name() throws IllegalAccessException {
        Map<String, String> names = constants(Topics.Names.class, String.class);
        Map<String, Topic<?>> topics = topicConstants();

        List<String> disagreeing = new ArrayList<>();
        for (var topic : topics.entrySet()) {
            String name = names.get(topic.getKey());
            if (!topic.getValue().name().equals(name)) {
                disagreeing.add(topic.getKey() + ": topic '" + topic.getValue().name() + "', Names." + topic.getKey()
                        + " '" + name + "'");
            }
        }
        assertThat(disagreeing).isEmpty();
        assertThat(names.keySet()).as("a Names constant without its Topic").isEqualTo(topics.keySet());
    }

    @Test
    void the_catalog_lists_every_topic_constant_once() throws IllegalAccessException {
        assertThat(Topics.ALL).containsExactlyInAnyOrderElementsOf(topicConstants().values());
    }

    @Test
    void no_two_topics_share_a_name_or_a_value_type_so_a_route_is_unambiguous() {
        assertThat(Topics.ALL.stream().map(Topic::name).distinct()).hasSameSizeAs(Topics.ALL);
        assertThat(Topics.ALL.stream().map(Topic::valueType).distinct()).hasSameSizeAs(Topics.ALL);
    }

    @Test
    void every_topic_is_found_by_its_name() {
        for (Topic<?> topic : Topics.ALL) {
            assertThat(Topics.byName(topic.name())).contains(topic);
        }
        assertThat(Topics.byName("paper-request")).isEmpty();
    }

    private static Map<String, Topic<?>> topicConstants() throws IllegalAccessException {
        Map<String, Topic<?>> topics = new LinkedHashMap<>();
        for (var entry : constants(Topics.class, Topic.class).entrySet()) {
            topics.put(entry.getKey(), (Topic<?>) entry.getValue());
        }
        return topics;
    }

    private static <T> Map<String, T> constants(Class<?> holder, Class<T> type) throws IllegalAccessException {
        Map<String, T> constants = new LinkedHashMap<>();
        for (Field field : Arrays.stream(holder.getDeclaredFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && Modifier.isPublic(f.getModifiers()))
                .filter(f -> f.getType() == type).toList()) {
            constants.put(field.getName(), type.cast(field.get(null)));
        }
        return constants;
    }
}
