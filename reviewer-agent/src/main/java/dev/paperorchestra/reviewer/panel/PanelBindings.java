package dev.paperorchestra.reviewer.panel;

import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.RoleSettings;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.RoleBinding;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The model binding each panel member is called with: the reviewer role's binding as it would be if the member's
 * fields were the reviewer role's own settings ({@code po.llm.roles.reviewer.*}), so a member falls back exactly
 * as a configured reviewer role does. The agent and {@code po doctor} resolve members the same way.
 */
public final class PanelBindings {

    private PanelBindings() {
    }

    /** The reviewer binding of one member under these model properties; {@code env} reads the environment. */
    public static RoleBinding binding(LlmProperties properties, PanelMember member,
            UnaryOperator<@Nullable String> env) {
        Map<String, RoleSettings> roles = new HashMap<>(properties.roles());
        roles.keySet().removeIf(name -> name.equalsIgnoreCase("reviewer"));
        roles.put("reviewer", new RoleSettings(member.provider(), member.model(), member.baseUrl(), member.apiKey(),
                member.temperature()));
        LlmProperties withMember = new LlmProperties(properties.provider(), properties.baseUrl(), properties.apiKey(),
                properties.model(), roles, properties.timeout(), properties.maxConcurrency(),
                properties.maxOutputTokens(), properties.maxRepairs(), properties.searchGrounding(),
                properties.retry(), properties.cache(), properties.budget(), properties.prices(),
                properties.pricesChecked(), properties.batchPriceFactor(), properties.batch());
        return RoleBinding.resolve(withMember, env).get(LlmRole.REVIEWER);
    }

    /** Every member's binding, in seat order. */
    public static List<RoleBinding> bindings(LlmProperties properties, List<PanelMember> panel,
            UnaryOperator<@Nullable String> env) {
        return panel.stream().map(member -> binding(properties, member, env)).toList();
    }
}
