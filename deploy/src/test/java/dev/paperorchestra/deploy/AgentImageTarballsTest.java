package dev.paperorchestra.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentImageTarballsTest {

    private static final Path ROOT = Path.of(System.getProperty("po.deploy.dir", "deploy"))
            .toAbsolutePath().getParent();

    @Test
    void reads_the_six_agent_images_from_the_jib_configuration() throws Exception {
        AgentImageTarballs tarballs = AgentImageTarballs.read(ROOT);

        assertThat(tarballs.images()).containsOnlyKeys("literature-agent", "outline-agent", "plotting-agent",
                        "refine-agent", "reviewer-agent", "writer-agent")
                .containsEntry("writer-agent", "paperorchestra/writer-agent:0.1.0");
        assertThat(tarballs.tarball("outline-agent")).isEqualTo(ROOT.resolve("outline-agent/target/jib-image.tar"));
    }

    @Test
    void names_each_missing_tarball_and_the_commands_that_build_it(@TempDir Path root) throws Exception {
        AgentImageTarballs tarballs = new AgentImageTarballs(root, Map.of(
                "outline-agent", "paperorchestra/outline-agent:0.1.0",
                "writer-agent", "paperorchestra/writer-agent:0.1.0"));
        Files.createDirectories(root.resolve("outline-agent/target"));
        Files.write(root.resolve("outline-agent/target/jib-image.tar"), new byte[] {1});

        assertThat(tarballs.missing()).hasValueSatisfying(message -> assertThat(message)
                .contains(root.resolve("writer-agent/target/jib-image.tar").toString())
                .doesNotContain(root.resolve("outline-agent/target/jib-image.tar").toString())
                .contains("deploy/images/build-base.sh")
                .contains("mvn -pl outline-agent,writer-agent -am package jib:buildTar -DskipTests"));
    }

    @Test
    void reports_nothing_missing_when_every_tarball_is_built(@TempDir Path root) throws Exception {
        AgentImageTarballs tarballs = new AgentImageTarballs(root, Map.of(
                "outline-agent", "paperorchestra/outline-agent:0.1.0"));
        Files.createDirectories(root.resolve("outline-agent/target"));
        Files.write(root.resolve("outline-agent/target/jib-image.tar"), new byte[] {1});

        assertThat(tarballs.missing()).isEmpty();
    }
}
