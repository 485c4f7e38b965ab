package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class KafkaRuntimePropertiesTest {

    private static final String JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required"
            + " username=\"agent\" password=\"s3cr3t-pw\";";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(Enabled.class);

    @Test
    void extra_client_properties_come_from_environment_variables_with_kafka_names() {
        runner.withInitializer(context -> context.getEnvironment().getPropertySources().addFirst(
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(
                        "PO_KAFKA_BOOTSTRAP_SERVERS", "kafka-0:9093",
                        "PO_KAFKA_PROPERTIES_SECURITY_PROTOCOL", "SASL_SSL",
                        "PO_KAFKA_PROPERTIES_SASL_MECHANISM", "PLAIN",
                        "PO_KAFKA_PROPERTIES_SASL_JAAS_CONFIG", JAAS,
                        "PO_KAFKA_PROPERTIES_SSL_TRUSTSTORE_LOCATION", "/etc/kafka/truststore.p12"))))
                .run(context -> {
                    KafkaClientProperties client = context.getBean(KafkaRuntimeProperties.class).client();
                    assertThat(client.common()).containsExactlyInAnyOrderEntriesOf(Map.of(
                            "bootstrap.servers", "kafka-0:9093",
                            "security.protocol", "SASL_SSL",
                            "sasl.mechanism", "PLAIN",
                            "sasl.jaas.config", JAAS,
                            "ssl.truststore.location", "/etc/kafka/truststore.p12"));
                });
    }

    @Test
    void extra_client_properties_come_from_dotted_property_names() {
        runner.withPropertyValues("po.kafka.properties.security.protocol=SSL",
                "po.kafka.properties[ssl.endpoint.identification.algorithm]=").run(context ->
                        assertThat(context.getBean(KafkaRuntimeProperties.class).properties())
                                .containsEntry("security.protocol", "SSL")
                                .containsEntry("ssl.endpoint.identification.algorithm", ""));
    }

    @Test
    void no_extra_properties_by_default() {
        runner.run(context -> assertThat(context.getBean(KafkaRuntimeProperties.class).client().common())
                .containsExactlyEntriesOf(Map.of("bootstrap.servers", "localhost:9092")));
    }

    @Test
    void the_brokers_cannot_be_given_as_an_extra_property() {
        runner.withPropertyValues("po.kafka.properties.bootstrap.servers=elsewhere:9092").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("po.kafka.bootstrap-servers"));
    }

    @Test
    void printed_settings_name_the_extra_properties_but_never_their_values() {
        runner.withPropertyValues("po.kafka.properties.sasl.jaas.config=" + JAAS,
                "po.kafka.properties.ssl.keystore.password=k3y-pw").run(context -> {
                    KafkaRuntimeProperties kafka = context.getBean(KafkaRuntimeProperties.class);
                    assertThat(kafka.toString()).contains("sasl.jaas.config", "ssl.keystore.password")
                            .doesNotContain("s3cr3t-pw", "k3y-pw");
                    assertThat(kafka.client().toString()).contains("sasl.jaas.config")
                            .doesNotContain("s3cr3t-pw", "k3y-pw");
                });
    }

    @Test
    void a_clients_own_settings_are_added_to_a_fresh_copy() {
        KafkaClientProperties client = new KafkaClientProperties("b:9092", Map.of("security.protocol", "SSL"));

        client.common().put("security.protocol", "PLAINTEXT");

        assertThat(client.common()).containsEntry("security.protocol", "SSL");
        assertThat(client.commonProperties()).containsEntry("bootstrap.servers", "b:9092");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(KafkaRuntimeProperties.class)
    static class Enabled {
    }
}
