package dev.paperorchestra.deploy;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reading paths out of parsed YAML without a cast at every step. */
final class Yamls {

    private Yamls() {
    }

    static @Nullable Object at(@Nullable Object node, Object... path) {
        Object current = node;
        for (Object step : path) {
            if (current instanceof Map<?, ?> map) {
                current = map.get(step);
            } else if (current instanceof List<?> list && step instanceof Integer index && index < list.size()) {
                current = list.get(index);
            } else {
                return null;
            }
        }
        return current;
    }

    static String str(@Nullable Object node, Object... path) {
        Object value = at(node, path);
        return value == null ? "" : value.toString();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(@Nullable Object node, Object... path) {
        Object value = at(node, path);
        return value instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
    }

    static List<String> strings(@Nullable Object node, Object... path) {
        Object value = at(node, path);
        return value instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(@Nullable Object node, Object... path) {
        Object value = at(node, path);
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }
}
