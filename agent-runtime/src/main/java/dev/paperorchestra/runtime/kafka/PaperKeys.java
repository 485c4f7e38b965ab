package dev.paperorchestra.runtime.kafka;

import org.jspecify.annotations.Nullable;

/**
 * Record keys are the paperId, or paperId/suffix for topics keyed by task (search tasks, plot tasks), so the
 * paper a record belongs to can be read from its key alone, even when its value is unreadable.
 */
public final class PaperKeys {

    private PaperKeys() {
    }

    public static String taskKey(String paperId, String suffix) {
        return paperId + "/" + suffix;
    }

    public static String paperIdOf(@Nullable Object key) {
        if (key == null) {
            return "unknown";
        }
        String text = key.toString();
        int slash = text.indexOf('/');
        return slash < 0 ? text : text.substring(0, slash);
    }
}
