package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class BlobStorePropertiesTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(Enabled.class);

    @Test
    void the_local_directory_is_the_default() {
        runner.run(context -> {
            BlobStoreProperties properties = context.getBean(BlobStoreProperties.class);
            assertThat(properties.type()).isEqualTo(BlobStoreProperties.Type.LOCAL);
            assertThat(properties.root()).isEqualTo(Path.of(".po-state/blobs"));
            assertThat(properties.s3().prefix()).isEqualTo("paperorchestra/");
            assertThat(properties.s3().region()).isEqualTo("us-east-1");
            assertThat(properties.s3().pathStyleAccess()).isFalse();
            assertThat(properties.s3().timeout()).isEqualTo(Duration.ofSeconds(30));
        });
    }

    @Test
    void an_s3_store_binds_from_environment_style_names() {
        Map<String, Object> environment = Map.of("PO_BLOB_TYPE", "s3", "PO_BLOB_S3_BUCKET", "paper-blobs",
                "PO_BLOB_S3_PREFIX", "team-a/po/", "PO_BLOB_S3_ENDPOINT", "http://minio:9000",
                "PO_BLOB_S3_PATH_STYLE_ACCESS", "true");
        runner.withInitializer(context -> context.getEnvironment().getPropertySources().addFirst(
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        environment))).run(context -> {
                    BlobStoreProperties.S3 s3 = context.getBean(BlobStoreProperties.class).s3();
                    assertThat(context.getBean(BlobStoreProperties.class).type())
                            .isEqualTo(BlobStoreProperties.Type.S3);
                    assertThat(s3.bucket()).isEqualTo("paper-blobs");
                    assertThat(s3.prefix()).isEqualTo("team-a/po/");
                    assertThat(s3.endpoint()).isEqualTo(URI.create("http://minio:9000"));
                    assertThat(s3.pathStyleAccess()).isTrue();
                });
    }

    @Test
    void an_s3_store_without_a_bucket_is_refused_at_start_up() {
        runner.withPropertyValues("po.blob.type=s3").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("po.blob.s3.bucket must be set"));
    }

    @Test
    void a_bucket_name_s3_would_refuse_is_refused_at_start_up() {
        runner.withPropertyValues("po.blob.type=s3", "po.blob.s3.bucket=Paper_Blobs").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("not an S3 bucket name"));
    }

    @Test
    void a_prefix_with_a_leading_slash_or_a_non_http_endpoint_is_refused() {
        runner.withPropertyValues("po.blob.s3.prefix=/abs").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("leading slash"));
        runner.withPropertyValues("po.blob.s3.endpoint=ftp://minio").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("http or https"));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(BlobStoreProperties.class)
    static class Enabled {
    }
}
