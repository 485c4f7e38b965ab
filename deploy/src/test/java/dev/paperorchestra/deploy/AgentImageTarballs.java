package dev.paperorchestra.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The six agent images the Jib configuration builds and the tarballs {@code jib:buildTar} writes for them
 * ({@code <module>/target/jib-image.tar}, Jib's default): what {@link ImagesIT} loads into Docker.
 *
 * @param root   the repository root
 * @param images image name by agent module, sorted by module
 */
record AgentImageTarballs(Path root, Map<String, String> images) {

    AgentImageTarballs {
        images = new TreeMap<>(images);
    }

    static AgentImageTarballs read(Path root) throws Exception {
        Map<String, String> agents = new TreeMap<>();
        JibImages.read(root).images().forEach((module, image) -> {
            if (module.endsWith("-agent")) {
                agents.put(module, image);
            }
        });
        return new AgentImageTarballs(root, agents);
    }

    Path tarball(String module) {
        return root.resolve(module).resolve("target/jib-image.tar");
    }

    /** Empty when every tarball is there; otherwise which are missing and the commands that build them. */
    Optional<String> missing() {
        List<String> missing = images.keySet().stream().filter(module -> !Files.isRegularFile(tarball(module)))
                .map(module -> tarball(module).toString()).toList();
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("image tarballs missing: " + String.join(", ", missing) + System.lineSeparator()
                + "build them first (deploy/README.md, \"Images\"):" + System.lineSeparator()
                + "  deploy/images/build-base.sh" + System.lineSeparator()
                + "  mvn -pl " + String.join(",", images.keySet()) + " -am package jib:buildTar -DskipTests");
    }
}
