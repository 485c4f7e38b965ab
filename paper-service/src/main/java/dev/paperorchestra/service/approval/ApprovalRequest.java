package dev.paperorchestra.service.approval;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code PUT /papers/{id}/approvals/{stage}}.
 *
 * @param decision {@code approve} or {@code reject}
 * @param by       who decides, as they name themselves (recorded beside the token's fingerprint)
 * @param note     a note with an approval, the reason of a rejection (required then)
 * @param artifact with an approval, the edited artifact that replaces the one requested (the outline's JSON
 *                 object for the outline gate)
 */
public record ApprovalRequest(@Nullable String decision, @Nullable String by, @Nullable String note,
        @Nullable JsonNode artifact) {
}
