package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.bench.autorate.SideBySideJudge.Scope;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42: a {@code --judge} family gets a gateway of its own, calling its provider (here a local
 * OpenAI-compatible server speaking the chat completions wire format) and caching under BENCH_DIR.
 */
class JudgeFamilyTest {

    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private String serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] answer = """
                    {"id":"c1","object":"chat.completion","model":"qwen","choices":[{"index":0,"finish_reason":"stop",
                     "message":{"role":"assistant","content":"{\\"winner\\":\\"tie\\",\\"reasoning\\":\\"r\\"}"}}],
                     "usage":{"prompt_tokens":40,"completion_tokens":6,"total_tokens":46}}"""
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Test
    void a_judge_family_calls_its_own_endpoint_and_caches_its_answers_under_the_bench_directory(@TempDir Path bench)
            throws Exception {
        JudgeSpec spec = JudgeSpec.parse("openai:qwen@" + serve());
        JudgeFamily family = JudgeFamily.open(spec, spec.settings(Map.of("PO_LLM_PROVIDER", "gemini",
                "PO_LLM_MODEL", "gemini-2.5-pro")), bench);

        var first = new SideBySideJudge(family.gateway()).judge("case-a-autorate", Scope.PAPER, "GENERATED", "HUMAN");
        new SideBySideJudge(family.gateway()).judge("case-a-autorate", Scope.PAPER, "GENERATED", "HUMAN");

        assertThat(family.label()).isEqualTo("openai:qwen");
        assertThat(first.get("verdict").asString()).isEqualTo("tie");
        assertThat(bodies).as("both orders asked once; the repeat answered from the cache").hasSize(2);
        assertThat(bodies.getFirst().replaceAll("\\s", "")).contains("\"model\":\"qwen\"");
        Path cache = bench.resolve("autorater-cache/judge-openai-qwen");
        try (Stream<Path> files = Files.walk(cache)) {
            assertThat(files.filter(Files::isRegularFile).count()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void a_judge_familys_calls_are_recorded_in_its_ledger_priced_by_the_runs_price_table(@TempDir Path bench)
            throws Exception {
        JudgeSpec spec = JudgeSpec.parse("openai:qwen@" + serve());
        // USD per million tokens: input 1000, output 2000 (po.llm.prices from the environment, as for the papers)
        JudgeFamily family = JudgeFamily.open(spec, spec.settings(Map.of("PO_LLM_PROVIDER", "gemini",
                "PO_LLM_MODEL", "gemini-2.5-pro", "PO_LLM_PRICES", "qwen:1000:2000")), bench);

        new SideBySideJudge(family.gateway()).judge("case-a-autorate", Scope.PAPER, "GENERATED", "HUMAN");
        new SideBySideJudge(family.gateway()).judge("case-a-autorate", Scope.PAPER, "GENERATED", "HUMAN");

        var totals = family.ledger().usage("case-a-autorate").totals();
        assertThat(totals.calls()).as("both orders paid once").isEqualTo(2);
        assertThat(totals.cacheHits()).as("the repeat from the response cache").isEqualTo(2);
        assertThat(totals.inputTokens()).isEqualTo(80);
        assertThat(totals.outputTokens()).isEqualTo(12);
        assertThat(totals.costUsd()).isCloseTo((80 * 1000.0 + 12 * 2000.0) / 1_000_000,
                org.assertj.core.data.Offset.offset(1e-12));
    }
}
