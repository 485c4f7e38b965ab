package dev.paperorchestra.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class SchemaRegistryPropertiesTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(Enabled.class);

    @Test
    void the_registry_settings_come_from_environment_variables_and_reach_the_client_configuration() {
        runner.withInitializer(context -> context.getEnvironment().getPropertySources().addFirst(
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(
                        "PO_SCHEMA_REGISTRY_URL", "http://registry:8081",
                        "PO_SCHEMA_REGISTRY_USERNAME", "po",
                        "PO_SCHEMA_REGISTRY_PASSWORD", "s3cret",
                        "PO_SCHEMA_REGISTRY_TIMEOUT", "3s"))))
                .run(context -> {
                    SchemaRegistryProperties properties = context.getBean(SchemaRegistryProperties.class);
                    assertThat(properties.clientProperties()).containsExactlyInAnyOrderEntriesOf(Map.of(
                            EventSerdes.URL, "http://registry:8081", EventSerdes.USERNAME, "po",
                            EventSerdes.PASSWORD, "s3cret", EventSerdes.TIMEOUT, "3000"));
                    assertThat(properties.toString()).doesNotContain("s3cret");
                });
    }

    @Test
    void without_a_url_no_client_property_is_added_and_serdes_stay_single_object() {
        runner.run(context -> {
            SchemaRegistryProperties properties = context.getBean(SchemaRegistryProperties.class);
            assertThat(properties.clientProperties()).isEmpty();
            assertThat(EventSerdes.registry(properties.clientProperties())).isNull();
        });
    }

    @Test
    void a_user_without_a_password_is_refused_at_start() {
        runner.withPropertyValues("po.schema-registry.url=http://registry:8081", "po.schema-registry.username=po")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("po.schema-registry.password"));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(SchemaRegistryProperties.class)
    static class Enabled {
    }
}
