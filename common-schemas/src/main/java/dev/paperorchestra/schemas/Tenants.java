package dev.paperorchestra.schemas;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Tenants: the teams a deployment serves. A paper belongs to the tenant that submitted it ({@code tenant} of its
 * {@link PaperContext}, its submit status and its view); a paper submitted without one (by {@code po run}, or before
 * tenants existed) belongs to {@link #DEFAULT}.
 */
public final class Tenants {

    /** The tenant of bare tokens, of a service without tokens, and of papers submitted without a tenant. */
    public static final String DEFAULT = "default";

    /** What a tenant's name may be: it becomes a metric label and appears in logs. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,62}");

    private Tenants() {
    }

    /** The tenant a paper belongs to: its recorded tenant, or {@link #DEFAULT} when it has none. */
    public static String of(@Nullable String recorded) {
        return recorded == null || recorded.isBlank() ? DEFAULT : recorded;
    }

    /**
     * @throws IllegalArgumentException naming the rule when {@code name} is not a tenant's name (lower-case letters,
     *                                  digits, '.', '_', '-'; at most 63; starting with a letter or digit)
     */
    public static String requireValid(String name, String where) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(where + ": '" + name + "' is not a tenant name (lower-case letters, "
                    + "digits, '.', '_' and '-', at most 63, starting with a letter or digit)");
        }
        return name;
    }
}
