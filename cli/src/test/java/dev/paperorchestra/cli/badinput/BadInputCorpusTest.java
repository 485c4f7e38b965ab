package dev.paperorchestra.cli.badinput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.cli.badinput.BadInputCorpus.Case;
import dev.paperorchestra.cli.badinput.BadInputCorpus.Handled;
import dev.paperorchestra.cli.badinput.BadInputCorpus.Refused;
import dev.paperorchestra.cli.testing.PoConsole;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every case of the bad-input corpus through {@code po run}'s entry point, in process: a refused case must
 * exit 2 before anything starts with a message naming the file (or option) and the problem; a handled case
 * must be accepted with what was done said on stdout ({@code --check} stops there, so no case starts a broker).
 * None may print a stack trace or hang.
 */
class BadInputCorpusTest {

    private static final Duration NO_HANG = Duration.ofSeconds(60);

    @TempDir
    Path work;

    @Test
    void the_corpus_has_at_least_forty_cases_with_distinct_names() {
        List<Case> cases = BadInputCorpus.cases();

        assertThat(cases).hasSizeGreaterThanOrEqualTo(40);
        assertThat(cases.stream().map(Case::name).distinct().count()).isEqualTo(cases.size());
    }

    @Test
    void the_unbroken_example_passes_the_check_with_nothing_to_note() {
        PoConsole console = PoConsole.run("run", BadInputCorpus.EXAMPLE.toString(), "--offline", "--check");

        assertThat(console.exit()).as(console.both()).isZero();
        assertThat(console.out()).contains("are usable");
        // the only notes say what was read from the guidelines, and from which sentence
        assertThat(console.out().lines().filter(line -> line.startsWith("note:"))).isNotEmpty()
                .allMatch(line -> line.contains("conference_guidelines.md: "))
                .noneMatch(line -> line.contains("no page limit") || line.contains("different page limits"))
                .anyMatch(line -> line.contains("page limit 8 (main text; references not counted) from "));
        assertThat(console.err()).isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> every_bad_input_is_refused_by_name_or_handled_out_loud() {
        return BadInputCorpus.cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Path materials = c.write(work.resolve("corpus"));
            PoConsole console = assertTimeoutPreemptively(NO_HANG, () -> run(c, materials));

            assertThat(console.both()).as("a stack trace on the console")
                    .doesNotContain("\tat ").doesNotContain("Exception in thread").doesNotContain("Caused by:");
            switch (c.expected()) {
                case Refused refused -> {
                    assertThat(console.exit()).as(console.both()).isEqualTo(2);
                    String named = refused.file().startsWith("--") ? refused.file()
                            : materials.resolve(refused.file()).toString();
                    assertThat(console.err()).contains(named).contains(refused.problem());
                    assertThat(console.out()).doesNotContain("starting the embedded pipeline");
                }
                case Handled handled -> {
                    assertThat(console.exit()).as(console.both()).isZero();
                    assertThat(console.out()).contains("note: ").contains(handled.note());
                }
            }
        }));
    }

    private PoConsole run(Case c, Path materials) {
        List<String> args = new ArrayList<>(List.of("run", materials.toString(), "--offline",
                "--state-dir", work.resolve("state").toString(), "--out", work.resolve("out").toString()));
        args.addAll(c.options());
        if (c.expected() instanceof Handled) {
            args.add("--check");
        }
        return PoConsole.run(args.toArray(String[]::new));
    }
}
