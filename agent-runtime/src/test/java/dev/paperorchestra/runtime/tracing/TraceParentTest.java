package dev.paperorchestra.runtime.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class TraceParentTest {

    @Test
    void a_new_trace_is_a_sampled_version_00_traceparent_header() {
        TraceParent trace = TraceParent.newTrace();
        RecordHeaders headers = new RecordHeaders();

        trace.addTo(headers);

        String value = new String(headers.lastHeader("traceparent").value(), StandardCharsets.UTF_8);
        assertThat(value).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01").isEqualTo(trace.value());
        assertThat(value.split("-")[1]).isEqualTo(trace.traceId());
    }

    @Test
    void two_traces_have_different_ids() {
        assertThat(TraceParent.newTrace().traceId()).isNotEqualTo(TraceParent.newTrace().traceId());
    }

    @Test
    void rejects_ids_the_w3c_format_forbids() {
        assertThatThrownBy(() -> new TraceParent("0".repeat(32), "1".repeat(16)))
                .hasMessageContaining("not a W3C trace id");
        assertThatThrownBy(() -> new TraceParent("A".repeat(32), "1".repeat(16)))
                .hasMessageContaining("not a W3C trace id");
        assertThatThrownBy(() -> new TraceParent("1".repeat(32), "0".repeat(16)))
                .hasMessageContaining("not a W3C span id");
    }
}
