package dev.paperorchestra.runtime.metrics;

import dev.paperorchestra.gateway.TenantOfPaper;
import dev.paperorchestra.schemas.Tenants;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@code tenant} label of a metric: the paper's tenant when it is one of the configured ({@code
 * po.metrics.tenants}), {@code default} for papers without a tenant (and the default tenant's), {@code other} for
 * the rest. A label's values multiply every series it is on, so they are bounded by configuration, not by what
 * tokens say.
 */
public final class TenantLabels implements TenantOfPaper {

    /** The label of every tenant not configured. */
    public static final String OTHER = "other";
    /** The label name. */
    public static final String TAG = TenantOfPaper.TAG;
    /** Labels for no configured tenant: default and other only. */
    public static final TenantLabels NONE = new TenantLabels(List.of());

    private final Set<String> named;

    public TenantLabels(List<String> configured) {
        this.named = Set.copyOf(configured);
    }

    /** The label of the tenant a paper belongs to; null means a paper without a tenant. */
    public String of(@Nullable String tenant) {
        String owner = Tenants.of(tenant);
        return owner.equals(Tenants.DEFAULT) || named.contains(owner) ? owner : OTHER;
    }

    /** The label of a paper, by the tenant this process has seen on its records ({@link PaperTenants}). */
    @Override
    public String ofPaper(String paperId) {
        return of(PaperTenants.of(paperId));
    }
}
