package dev.paperorchestra.runtime.metrics;

import dev.paperorchestra.schemas.Tenants;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the agents' domain metrics.
 *
 * @param tenants the tenants whose model calls, tokens, cost and budget stops carry their own name in the
 *                {@code tenant} label (comma-separated in {@code PO_METRICS_TENANTS}); papers of any other tenant
 *                are counted as {@code other}, papers without a tenant as {@code default}, so the label's values
 *                stay few whatever an identity provider puts in its tokens
 */
@Validated
@ConfigurationProperties("po.metrics")
public record MetricsProperties(@DefaultValue List<String> tenants) {

    public MetricsProperties {
        tenants = tenants.stream().map(String::strip).filter(tenant -> !tenant.isEmpty())
                .map(tenant -> Tenants.requireValid(tenant, "po.metrics.tenants")).distinct().toList();
    }
}
