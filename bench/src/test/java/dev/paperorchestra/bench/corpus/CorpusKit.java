package dev.paperorchestra.bench.corpus;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One author kit of the acceptance corpus: a publisher's real sample template from TeX Live with the files it
 * references, guidelines we wrote in the venue's call-for-papers style, and what a paper made with the kit must
 * show ({@code kit.json} beside the template; the corpus README says where each file came from).
 *
 * @param name              the kit's directory name, e.g. {@code acm-sigconf}
 * @param directory         where the kit lies in the corpus
 * @param template          the sample template's own file name (it becomes the case's template.tex)
 * @param files             the files the template references, relative to the kit directory
 * @param materials         the example whose idea and log the kit's own case is written from; none for a kit only
 *                          the biomedical cases use
 * @param venue             the venue named in the case's job.json
 * @param documentClass     the class the paper must keep
 * @param classOptions      the class options the paper must keep (the venue's look)
 * @param submissionOptions the kit's review mode: class options a double-blind submission must have
 * @param doubleBlind       whether the guidelines say the review is double-blind
 * @param pageLimit         the main-text limit the guidelines state; none when they state none
 * @param mandatorySections the sections the guidelines require, each as alternatives separated by {@code |}
 * @param samplePhrases     the kit's sample text: none of it may reach the PDF
 * @param sampleAuthors     the sample author block (names, e-mails, affiliations, ORCIDs): none of it may reach the PDF
 * @param bitmapFonts       why the kit's PDF may hold Type 3 fonts the writer cannot prevent (then they must be a
 *                          FONTS finding in summary.json); none when it may not
 */
public record CorpusKit(String name, Path directory, String template, List<String> files, @Nullable String materials,
        String venue, String documentClass, List<String> classOptions, List<String> submissionOptions,
        boolean doubleBlind, @Nullable Integer pageLimit, List<String> mandatorySections, List<String> samplePhrases,
        List<String> sampleAuthors, @Nullable String bitmapFonts) {

    public CorpusKit {
        files = List.copyOf(files);
        classOptions = List.copyOf(classOptions);
        submissionOptions = List.copyOf(submissionOptions);
        mandatorySections = List.copyOf(mandatorySections);
        samplePhrases = List.copyOf(samplePhrases);
        sampleAuthors = List.copyOf(sampleAuthors);
    }

    /** Reads {@code directory/kit.json}. */
    public static CorpusKit read(Path directory) {
        try {
            JsonNode kit = Json.mapper().readTree(Files.readString(directory.resolve("kit.json")));
            JsonNode limit = kit.path("pageLimit");
            return new CorpusKit(directory.getFileName().toString(), directory, kit.path("template").asString(),
                    strings(kit.path("files")), kit.hasNonNull("materials") ? kit.path("materials").asString() : null,
                    kit.path("venue").asString(), kit.path("documentClass").asString(),
                    strings(kit.path("classOptions")), strings(kit.path("submissionOptions")),
                    kit.path("doubleBlind").asBoolean(), limit.isNumber() ? limit.asInt() : null,
                    strings(kit.path("mandatorySections")), strings(kit.path("samplePhrases")),
                    strings(kit.path("sampleAuthors")),
                    kit.hasNonNull("bitmapFonts") ? kit.path("bitmapFonts").asString() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The guidelines of the kit's venue, in prose. */
    public Path guidelines() {
        return directory.resolve("conference_guidelines.md");
    }

    /** Writes the kit into a materials directory: the template as template.tex, its files and the guidelines. */
    public void writeInto(Path materials) throws IOException {
        Files.createDirectories(materials);
        Files.copy(directory.resolve(template), materials.resolve("template.tex"));
        for (String file : files) {
            Path source = directory.resolve(file).normalize();
            Files.copy(source, materials.resolve(source.getFileName().toString()));
        }
        Files.copy(guidelines(), materials.resolve("conference_guidelines.md"));
    }

    /** Every sample string of the kit: its sample text and its sample authors. */
    public List<String> sampleText() {
        List<String> all = new ArrayList<>(samplePhrases);
        all.addAll(sampleAuthors);
        return all;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asString()));
        return values;
    }
}
