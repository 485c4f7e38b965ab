package dev.paperorchestra.runtime.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.OptionalDouble;

/** Test-side reads of an agent's Actuator endpoints over real HTTP. */
public final class Actuator {

    private final HttpClient http = HttpClient.newHttpClient();
    private final int port;

    public Actuator(int port) {
        this.port = port;
    }

    public HttpResponse<String> get(String path) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The HTTP status of a health group: 200 when UP, 503 when DOWN. */
    public int health(String group) {
        return get("/actuator/health/" + group).statusCode();
    }

    public String scrape() {
        return get("/actuator/prometheus").body();
    }

    /** The value of the first scraped series with this name carrying all these labels, if any. */
    public static OptionalDouble value(String scrape, String name, Map<String, String> labels) {
        return scrape.lines()
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .filter(line -> labels.entrySet().stream()
                        .allMatch(label -> line.contains(label.getKey() + "=\"" + label.getValue() + "\"")))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst();
    }
}
