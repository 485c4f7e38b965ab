package dev.paperorchestra.model.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.summary.RunSummary.TypedFinding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The two resources are summary.json files as the refine agent wrote them before schemaVersion existed. */
class RunSummaryTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void reads_a_summary_written_before_versions_as_version_1_with_its_typed_findings() {
        RunSummary summary = RunSummary.parse(resource("ragged-table-before-versions.json"));

        assertThat(summary.schemaVersion()).isEqualTo(1);
        assertThat(summary.paperId()).isEqualTo("e2e-log-ragged-table");
        assertThat(summary.offline()).isTrue();
        assertThat(summary.compile().compiled()).isTrue();
        assertThat(summary.writerGates()).isNotNull();
        assertThat(summary.writerGates().passed()).isFalse();
        RunSummary.GateOutcome content = summary.writerGates().gates().stream()
                .filter(gate -> gate.gate().equals("CONTENT")).findFirst().orElseThrow();
        assertThat(content.typedFindings()).containsExactly(TypedFinding.of(Finding.at(Gate.CONTENT, "section.stub",
                "paper.tex", 54, "section \"Experiments\" is a stub of 20 words (line 54)")));
        assertThat(summary.fonts()).isNotNull();
        assertThat(summary.stages()).extracting(RunSummary.Stage::stage).containsExactly("outline", "plotting", "literature", "writer", "refinement");
    }

    @Test
    void writes_back_every_field_it_read_under_the_same_name_and_adds_its_version_first() {
        for (String name : List.of("ragged-table-before-versions.json", "approved-outline-before-versions.json")) {
            String original = resource(name);
            String written = RunSummary.parse(original).toJsonText();

            ObjectNode expected = (ObjectNode) JSON.readTree(original);
            JsonNode actual = JSON.readTree(written);
            assertThat(fieldNames(actual)).as(name).first().isEqualTo("schemaVersion");
            assertThat(actual.path("schemaVersion").asInt()).isEqualTo(RunSummary.SCHEMA_VERSION);
            ObjectNode withVersion = JSON.createObjectNode().put("schemaVersion", 1);
            withVersion.setAll(expected);
            assertThat(actual).as(name).isEqualTo(withVersion);
            assertThat(fieldNames(actual).subList(1, fieldNames(actual).size())).as(name)
                    .isEqualTo(fieldNames(expected));
        }
    }

    @Test
    void reads_the_approvals_with_their_empty_note_and_change() {
        RunSummary summary = RunSummary.parse(resource("approved-outline-before-versions.json"));

        assertThat(summary.approvals()).singleElement().satisfies(approval -> {
            assertThat(approval.stage()).isEqualTo("outline");
            assertThat(approval.decision()).isEqualTo("APPROVED");
            assertThat(approval.note()).isNull();
        });
    }

    @Test
    void round_trips_through_a_file(@TempDir Path dir) {
        RunSummary summary = RunSummary.parse(resource("approved-outline-before-versions.json"));
        Path file = dir.resolve("summary.json");

        summary.write(file);

        assertThat(RunSummary.read(file)).isEqualTo(summary);
    }

    @Test
    void ignores_fields_it_does_not_know_at_any_depth() {
        ObjectNode tree = (ObjectNode) JSON.readTree(resource("ragged-table-before-versions.json"));
        tree.put("schemaVersion", 1).put("addedLater", "x");
        ((ObjectNode) tree.path("compile")).put("engine", "lualatex");

        RunSummary summary = RunSummary.parse(tree.toString());

        assertThat(summary.compile().status()).isEqualTo("COMPILED");
        assertThat(summary.toJsonText()).doesNotContain("addedLater", "engine");
    }

    @Test
    void refuses_a_newer_version_saying_which_and_what_to_do() {
        ObjectNode tree = (ObjectNode) JSON.readTree(resource("ragged-table-before-versions.json"));
        tree.put("schemaVersion", RunSummary.SCHEMA_VERSION + 1);

        assertThatThrownBy(() -> RunSummary.parse(tree.toString(), "out/p/summary.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("out/p/summary.json has schemaVersion 2, newer than the 1 this po reads: read it with "
                        + "the po that wrote it, or upgrade po");
    }

    @Test
    void refuses_what_is_not_a_summary_naming_where() {
        assertThatThrownBy(() -> RunSummary.parse("[1]", "x.json")).hasMessage("x.json is not a JSON object");
        assertThatThrownBy(() -> RunSummary.parse("{\"schemaVersion\": \"one\"}", "x.json"))
                .hasMessageStartingWith("x.json has schemaVersion \"one\"");
        assertThatThrownBy(() -> RunSummary.parse("{", "x.json")).hasMessageStartingWith("x.json is not JSON");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }

    private static String resource(String name) {
        try (InputStream in = RunSummaryTest.class.getResourceAsStream("/summary/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
