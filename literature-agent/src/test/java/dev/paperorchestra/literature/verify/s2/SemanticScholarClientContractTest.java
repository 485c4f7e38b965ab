package dev.paperorchestra.literature.verify.s2;

import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.verify.ScholarSource;
import dev.paperorchestra.literature.verify.ScholarSourceContract;
import dev.paperorchestra.base.http.Sleeper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

class SemanticScholarClientContractTest extends ScholarSourceContract {

    private SemanticScholarStub stub;

    @Override
    protected ScholarSource source() throws Exception {
        stub = new SemanticScholarStub(Duration.ofMillis(20), List.of(RECORDS));
        return new SemanticScholarClient(new SemanticScholarSettings(URI.create(stub.baseUrl()), "", 3,
                Duration.ofMillis(50), Duration.ofSeconds(5), Duration.ofSeconds(5)),
                RequestSpacer.system("contract", Duration.ofMillis(20)), Sleeper.SYSTEM, Clock.systemUTC(),
                new SimpleMeterRegistry());
    }

    @AfterEach
    void stop() {
        if (stub != null) {
            stub.close();
        }
    }
}
