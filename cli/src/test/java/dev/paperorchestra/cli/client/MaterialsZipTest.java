package dev.paperorchestra.cli.client;

import dev.paperorchestra.content.materials.MaterialsZip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.content.testing.ZipEntries;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsFileRule;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code po submit} packs by {@code po run}'s rule (issue 25, finding 4): a linked idea, log or figure, a pipe,
 * are refused naming the file, exit 2, and nothing reaches the service; the canary file a link points to is
 * never read.
 */
class MaterialsZipTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "cvpr-sparse-depth");
    private static final String CANARY = "CANARY-host-file-4f1c";

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<byte[]> uploads = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path materials;
    private Path canary;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/papers", exchange -> {
            uploads.add(exchange.getRequestBody().readAllBytes());
            byte[] body = "{\"paperId\":\"p1\",\"state\":\"SUBMITTED\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(202, body.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(body);
            }
        });
        server.start();
        materials = Files.createDirectories(dir.resolve("paper"));
        try (Stream<Path> files = Files.list(EXAMPLE)) {
            for (Path file : files.toList()) {
                Files.copy(file, materials.resolve(file.getFileName()));
            }
        }
        canary = Files.writeString(dir.resolve("outside.md"), CANARY);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void plain_materials_are_submitted() {
        assertThat(submit()).isZero();
        assertThat(uploads).hasSize(1);
    }

    @Test
    void a_linked_idea_is_refused_naming_it_as_po_run_does_and_nothing_is_sent() throws IOException {
        replaceWithLink("idea.md");

        assertRefusedAsPoRunRefuses("idea.md", MaterialsFileRule.LINK);
    }

    @Test
    void a_linked_log_pointing_at_etc_passwd_is_refused_and_nothing_is_sent() throws IOException {
        Files.delete(materials.resolve("experimental_log.md"));
        Files.createSymbolicLink(materials.resolve("experimental_log.md"), Path.of("/etc/passwd"));

        assertRefusedAsPoRunRefuses("experimental_log.md", MaterialsFileRule.LINK);
        assertThat(uploads).noneMatch(body -> new String(body, StandardCharsets.ISO_8859_1).contains("root:"));
    }

    @Test
    void a_linked_figure_and_a_linked_figures_directory_are_refused() throws IOException {
        Files.createDirectories(materials.resolve("figures"));
        Files.createSymbolicLink(materials.resolve("figures/plot.png"), canary);

        assertRefusedAsPoRunRefuses("figures/plot.png", MaterialsFileRule.LINK);

        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.copy(canary, elsewhere.resolve("plot.png"));
        deleteTree(materials.resolve("figures"));
        Files.createSymbolicLink(materials.resolve("figures"), elsewhere);
        err.reset();

        assertRefusedAsPoRunRefuses("figures", MaterialsFileRule.LINK);
    }

    @Test
    @Timeout(20)
    void a_pipe_is_refused_without_blocking_on_it() throws Exception {
        Path fifo = materials.resolve("experimental_log.md");
        Files.delete(fifo);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeThat(mkfifo.waitFor()).as("mkfifo is available").isZero();

        assertRefusedAsPoRunRefuses("experimental_log.md", MaterialsFileRule.NOT_REGULAR);
    }

    @Test
    void the_packer_refuses_before_writing_and_never_reads_through_a_link() throws IOException {
        replaceWithLink("idea.md");
        Path zip = dir.resolve("out.zip");

        assertThatThrownBy(() -> MaterialsZip.write(materials, zip))
                .isInstanceOfSatisfying(InvalidMaterialsException.class, e -> {
                    assertThat(e.file()).isEqualTo("idea.md");
                    assertThat(e.problem()).isEqualTo(MaterialsFileRule.LINK);
                });
        assertThat(zip).doesNotExist();
    }

    @Test
    void a_link_in_what_is_left_out_does_not_matter_and_the_zip_holds_only_plain_files() throws IOException {
        Path reference = Files.createDirectories(materials.resolve("reference"));
        Files.createSymbolicLink(reference.resolve("paper.tex"), canary);
        Path zip = dir.resolve("out.zip");

        MaterialsZip.write(materials, zip, relative -> !relative.startsWith("reference"));

        byte[] bytes = Files.readAllBytes(zip);
        assertThat(ZipEntries.names(bytes)).contains("paper/idea.md", "paper/template.tex").noneMatch(n -> n.contains("reference"));
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).doesNotContain(CANARY);
    }

    @Test
    void submit_with_a_template_dir_sends_the_kit_as_template_and_the_services_intake_finds_it() throws IOException {
        Path kit = Files.createDirectories(dir.resolve("kit").resolve("logos"));
        Files.copy(materials.resolve("template.tex"), kit.getParent().resolve("template.tex"));
        Files.writeString(kit.getParent().resolve("venue.sty"), "\\ProvidesPackage{venue}\n");
        Files.write(kit.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Path zip = dir.resolve("kit.zip");

        MaterialsZip.write(materials, kit.getParent(), zip, relative -> !relative.startsWith("reference"));

        assertThat(ZipEntries.names(Files.readAllBytes(zip))).contains("paper/idea.md", "paper/template/template.tex",
                "paper/template/venue.sty", "paper/template/logos/logo.png").doesNotContain("paper/template.tex");
        // what the paper service does with an upload: unpack safely, then po run's intake
        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        new dev.paperorchestra.content.archive.SafeArchive(new dev.paperorchestra.content.archive.ArchiveLimits(
                1000, 100L << 20)).unpack(zip, unpacked);
        IntakeResult<dev.paperorchestra.content.materials.CheckedMaterials> intake = MaterialsIntake.check(
                dev.paperorchestra.content.archive.SafeArchive.materialsRoot(unpacked),
                new JobRequest(null, null, null, 3, true), MaterialsLimits.defaults());
        assertThat(intake).isInstanceOfSatisfying(IntakeResult.Accepted.class, accepted -> assertThat(
                ((dev.paperorchestra.content.materials.CheckedMaterials) accepted.value()).kit().files())
                .containsExactly("logos/logo.png", "venue.sty"));

        SubmitCommand command = new SubmitCommand();
        command.environment = Map.of();
        command.stdout = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(new CommandLine(command).execute(materials.toString(), "--offline", "--template-dir",
                kit.getParent().toString(), "--server", "http://127.0.0.1:" + server.getAddress().getPort()))
                .as(err.toString()).isZero();
        assertThat(new String(uploads.getLast(), StandardCharsets.ISO_8859_1)).contains("template/venue.sty",
                "template/logos/logo.png");
    }

    /** The same words po run's intake gives for the same file, exit 2, and no request reached the service. */
    private void assertRefusedAsPoRunRefuses(String file, String problem) {
        IntakeResult<?> intake = MaterialsIntake.check(materials, new JobRequest(null, null, null, 3, true),
                MaterialsLimits.defaults());
        assertThat(intake).isInstanceOfSatisfying(IntakeResult.Rejected.class, rejected -> assertThat(
                rejected.problems()).anySatisfy(p -> assertThat(p.toString()).isEqualTo(file + ": " + problem)));

        assertThat(submit()).isEqualTo(RunCommand.BAD_INPUT);

        assertThat(err.toString()).contains("po: " + materials.resolve(file) + ": " + problem);
        assertThat(uploads).isEmpty();
    }

    private int submit() {
        SubmitCommand command = new SubmitCommand();
        command.environment = Map.of();
        command.stdout = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(materials.toString(), "--offline", "--server",
                "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void replaceWithLink(String name) throws IOException {
        Files.delete(materials.resolve(name));
        Files.createSymbolicLink(materials.resolve(name), canary);
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
