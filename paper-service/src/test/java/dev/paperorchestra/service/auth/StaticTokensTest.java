package dev.paperorchestra.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StaticTokensTest {

    @Test
    void an_entry_names_its_tenant_and_roles_and_a_bare_token_is_the_default_tenant_with_every_role() {
        StaticTokens tokens = StaticTokens.parse(List.of("lab-a:submit+approve:tokA", "lab-b:SUBMIT:tokB",
                "ops:operate:tok:with:colons", "bare-token"));

        assertThat(tokens.find("tokA").orElseThrow()).extracting(Caller::tenant, Caller::roles)
                .containsExactly("lab-a", Set.of(Role.SUBMIT, Role.APPROVE));
        assertThat(tokens.find("tokB").orElseThrow().roles()).containsExactly(Role.SUBMIT);
        assertThat(tokens.find("tok:with:colons").orElseThrow().tenant()).isEqualTo("ops");
        assertThat(tokens.find("bare-token").orElseThrow()).extracting(Caller::tenant, Caller::roles)
                .containsExactly("default", Set.of(Role.values()));
        assertThat(tokens.find("tokC")).isEmpty();
        assertThat(tokens.find("lab-a:submit+approve:tokA")).as("the whole entry is not a token").isEmpty();
    }

    @Test
    void a_principals_name_is_its_tenant_and_the_tokens_fingerprint_never_the_token() {
        StaticTokens tokens = StaticTokens.parse(List.of("lab-a:submit:tokA", "bare-token"));

        assertThat(tokens.find("tokA").orElseThrow().name()).matches("lab-a token [0-9a-f]{8}");
        assertThat(tokens.find("bare-token").orElseThrow().name()).matches("token [0-9a-f]{8}");
        assertThat(tokens.find("tokA").orElseThrow().verified()).isFalse();
    }

    @Test
    void a_malformed_entry_is_refused_naming_its_position_and_never_quoting_a_token() {
        assertThatThrownBy(() -> StaticTokens.parse(List.of("ok", "lab-a:aprove:s3cret")))
                .hasMessage("po.service.tokens entry 2: unknown role 'aprove' between the ':'s (one of submit, "
                        + "approve, operate, admin, joined with '+')");
        assertThatThrownBy(() -> StaticTokens.parse(List.of("lab-a:submit")))
                .hasMessageStartingWith("po.service.tokens entry 1: an entry is TOKEN (no ':') or "
                        + "TENANT:ROLE+ROLE:TOKEN");
        assertThatThrownBy(() -> StaticTokens.parse(List.of("Lab A:submit:s3cret")))
                .hasMessageContaining("entry 1: the part before the first ':' is not a tenant name")
                .hasMessageNotContaining("Lab A");
        assertThatThrownBy(() -> StaticTokens.parse(List.of("abc:9f8e7d6c5b4a:s3cret")))
                .hasMessageContaining("an unknown role").hasMessageNotContaining("9f8e7d6c5b4a");
        assertThatThrownBy(() -> StaticTokens.parse(List.of("lab-a:submit:same", "lab-b:approve:same")))
                .hasMessage("po.service.tokens entry 2: the same token as an earlier entry; a token names one "
                        + "principal");
        assertThatThrownBy(() -> StaticTokens.parse(List.of("lab-a::s3cret")))
                .hasMessageContaining("an unknown role").hasMessageNotContaining("s3cret");
    }

    @Test
    void an_administrator_has_every_role_and_an_operator_sees_every_tenant() {
        Caller admin = new Caller("root", "ops", Set.of(Role.ADMIN), true);
        Caller operator = new Caller("ops", "ops", Set.of(Role.OPERATE), true);
        Caller submitter = new Caller("a", "lab-a", Set.of(Role.SUBMIT), true);

        assertThat(Role.values()).allMatch(admin::has);
        assertThat(admin.seesEveryTenant()).isTrue();
        assertThat(operator.seesEveryTenant()).isTrue();
        assertThat(operator.has(Role.APPROVE)).isFalse();
        assertThat(submitter.seesEveryTenant()).isFalse();
    }
}
