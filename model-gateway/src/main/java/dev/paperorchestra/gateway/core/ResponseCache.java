package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.KeyedStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.CacheMode;
import dev.paperorchestra.gateway.LlmRequest.Image;
import dev.paperorchestra.gateway.LlmResponse.Source;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every paid answer, kept in the blob store under the SHA-256 of (provider, model, base URL, the complete
 * request): system prompt, conversation, image digests, schema, temperature, output limit and grounding. A
 * redelivered event or a re-run asks the same question and is answered from here for free. The paper id is
 * not part of the key: it is never sent to the model, so it cannot change the answer.
 */
final class ResponseCache {

    static final String NAMESPACE = "llm-responses";

    private final KeyedStore blobs;
    private final CacheMode mode;

    ResponseCache(KeyedStore blobs, CacheMode mode) {
        this.blobs = blobs;
        this.mode = mode;
    }

    CacheMode mode() {
        return mode;
    }

    /** Whether recorded answers are looked up before a call. */
    boolean reads() {
        return mode == CacheMode.READ_WRITE || mode == CacheMode.REPLAY_ONLY;
    }

    /** Whether paid answers are written. */
    boolean writes() {
        return mode == CacheMode.READ_WRITE || mode == CacheMode.RECORD;
    }

    Optional<ProviderAnswer> lookup(String key) {
        if (!reads()) {
            return Optional.empty();
        }
        return blobs.getKeyed(NAMESPACE, key).flatMap(ResponseCache::decode);
    }

    void store(String key, ProviderAnswer answer) {
        if (!writes()) {
            return;
        }
        ObjectNode json = Json.mapper().createObjectNode().put("text", answer.text()).put("model", answer.model())
                .put("inputTokens", answer.inputTokens()).put("cachedInputTokens", answer.cachedInputTokens())
                .put("cacheWriteInputTokens", answer.cacheWriteInputTokens())
                .put("outputTokens", answer.outputTokens());
        ArrayNode sources = json.putArray("sources");
        answer.sources().forEach(source -> sources.addObject().put("title", source.title()).put("uri", source.uri()));
        blobs.putKeyed(NAMESPACE, key, Json.mapper().writeValueAsBytes(json));
    }

    /** A stored entry that cannot be read is treated as absent (and overwritten by the next paid answer). */
    private static Optional<ProviderAnswer> decode(byte[] content) {
        try {
            JsonNode json = Json.mapper().readTree(content);
            List<Source> sources = new ArrayList<>();
            json.path("sources").values().forEach(source -> sources.add(new Source(source.path("title").asString(),
                    source.path("uri").asString())));
            return Optional.of(new ProviderAnswer(json.path("text").asString(), json.path("model").asString(),
                    json.path("inputTokens").asLong(), json.path("cachedInputTokens").asLong(0),
                    json.path("cacheWriteInputTokens").asLong(0), json.path("outputTokens").asLong(), sources));
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    static String key(ProviderEndpoint endpoint, ProviderCall call) {
        ObjectNode request = Json.mapper().createObjectNode()
                .put("provider", endpoint.providerName()).put("model", endpoint.model())
                .put("baseUrl", endpoint.baseUrl()).put("system", call.system())
                .put("schema", call.jsonSchema()).put("maxOutputTokens", call.maxOutputTokens())
                .put("searchGrounding", call.searchGrounding());
        if (call.temperature() != null) {
            request.put("temperature", call.temperature().doubleValue());
        }
        ArrayNode turns = request.putArray("turns");
        for (ChatTurn turn : call.turns()) {
            turns.addObject().put("speaker", turn.speaker().name()).put("text", turn.text());
        }
        ArrayNode images = request.putArray("images");
        for (Image image : call.images()) {
            images.addObject().put("mediaType", image.mediaType()).put("sha256", sha256(image.content()));
        }
        return sha256(request.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
