package dev.paperorchestra.gateway;

import dev.paperorchestra.schemas.Tenants;

/**
 * The {@code tenant} label the model meters put on a paper's calls. The gateway owns this port; an agent's
 * tenant labels (bounded by configuration, by the tenant seen on the paper's records) are one.
 */
@FunctionalInterface
public interface TenantOfPaper {

    /** The label name. */
    String TAG = "tenant";

    /** Every paper under the default tenant: for tools and tests that see no tenants. */
    TenantOfPaper DEFAULT = paperId -> Tenants.DEFAULT;

    /** The label of the tenant a paper belongs to. */
    String ofPaper(String paperId);
}
