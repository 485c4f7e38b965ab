package dev.paperorchestra.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatedProvidersTest {

    private static final Path EXAMPLES = Path.of("..", "examples");
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void serves_the_scholarly_stub_for_generated_materials_until_closed(@TempDir Path materials) throws Exception {
        URI search;
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000)) {
            assertThat(providers.papers()).hasSize(1).allSatisfy((id, directory) -> {
                assertThat(directory).startsWith(materials);
                assertThat(Files.isRegularFile(directory.resolve("idea.md"))).isTrue();
            });
            assertThat(providers.modelBaseUrl()).startsWith("http://127.0.0.1:").endsWith("/v1");
            search = URI.create(providers.scholarBaseUrl() + "/graph/v1/paper/search?query=depth");
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(search).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).contains("\"data\"");
        }
        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(search).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }
}
