package dev.paperorchestra.runtime.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * Which tenant each paper belongs to, as far as this process has read: learned from every record a listener or an
 * aggregation takes (the tenant travels in the paper's context, nested in most events, and in revision requests),
 * asked by the model gateway, which knows a call only by its paper id. One table per process and static, because
 * the listener containers and Streams processors that fill it are built by static factories in every agent module;
 * bounded to the most recent papers, so it does not grow with a deployment's history.
 */
public final class PaperTenants {

    /** Papers remembered; a paper's records keep it among the recent ones while it is being worked on. */
    static final int MAX_PAPERS = 10_000;
    /** How deep in a record the tenant is looked for: a review request holds it at state.draft.context.tenant. */
    private static final int MAX_DEPTH = 4;

    private static final Map<String, String> TENANTS = Collections.synchronizedMap(
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                    return size() > MAX_PAPERS;
                }
            });

    private PaperTenants() {
    }

    /** Remembers the tenant a record of the paper carries, if it carries one. */
    public static void learn(String paperId, @Nullable Object record) {
        String tenant = tenantIn(record, 0);
        if (tenant != null) {
            TENANTS.put(paperId, tenant);
        }
    }

    /** The paper's tenant as learned; null when no record of it here carried one (the default tenant's papers). */
    public static @Nullable String of(String paperId) {
        return TENANTS.get(paperId);
    }

    /**
     * A {@code tenant} field of the record, or of a record nested in it (not in arrays: a paper's context is never
     * in a list), at most {@link #MAX_DEPTH} levels down.
     */
    static @Nullable String tenantIn(@Nullable Object value, int depth) {
        if (!(value instanceof SpecificRecord record) || depth > MAX_DEPTH) {
            return null;
        }
        Schema.Field own = record.getSchema().getField("tenant");
        if (own != null && record.get(own.pos()) instanceof CharSequence tenant && !tenant.isEmpty()) {
            return tenant.toString();
        }
        for (Schema.Field field : record.getSchema().getFields()) {
            if (holdsRecord(field.schema())) {
                String nested = tenantIn(record.get(field.pos()), depth + 1);
                if (nested != null) {
                    return nested;
                }
            }
        }
        return null;
    }

    private static boolean holdsRecord(Schema schema) {
        return schema.getType() == Schema.Type.RECORD || schema.getType() == Schema.Type.UNION
                && schema.getTypes().stream().anyMatch(type -> type.getType() == Schema.Type.RECORD);
    }
}
