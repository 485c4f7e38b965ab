package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.base.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code figures/captions.json}: the author's caption of each figure, {@code {"fig1.png": "Caption."}}, keyed by
 * the figure's file name in {@code figures/}. A figure without an entry is captioned from its file name, as
 * before captions could be given. Captions are plain text (they are escaped where they reach LaTeX): whitespace
 * runs, line breaks included, become one space; other control characters are refused. A key that names no
 * figure is refused, so a misspelt name is not a caption silently lost.
 */
public final class FigureCaptions {

    /** The captions file inside {@code figures/}. */
    public static final String FILE = "captions.json";
    /** Ceilings that no real caption file comes near; fixed, not configurable. */
    static final SizeLimit MAX_FILE = new SizeLimit(256L << 10, "the fixed limit of figures/" + FILE);
    public static final int MAX_CAPTION = 1000;

    private FigureCaptions() {
    }

    /**
     * The captions of a materials directory, problems naming {@code figures/captions.json}.
     *
     * @param figureNames the names of the figure files in {@code figures/} (keys must be among them)
     * @return caption by file name; empty when there is no captions file or after a problem
     */
    static Map<String, String> check(Path directory, Collection<String> figureNames, List<MaterialsProblem> problems) {
        MaterialsFiles files = new MaterialsFiles(directory);
        String file = path();
        if (!files.exists(file)) {
            return Map.of();
        }
        byte[] bytes = files.read(file, MAX_FILE, problems);
        String text = bytes == null ? null : MaterialsText.decode(file, bytes, problems);
        return text == null ? Map.of() : parse(text, figureNames, problems);
    }

    /**
     * The captions as the intake accepted them, for the upload.
     *
     * @throws InvalidMaterialsException naming the file when it no longer passes (changed since the check)
     */
    static Map<String, String> read(Path directory, Collection<String> figureNames) {
        List<MaterialsProblem> problems = new ArrayList<>();
        Map<String, String> captions = check(directory, figureNames, problems);
        if (!problems.isEmpty()) {
            throw new InvalidMaterialsException(directory.resolve(problems.getFirst().file()).toString(),
                    problems.getFirst().problem());
        }
        return captions;
    }

    /** {@code figures/captions.json}, as problems name it. */
    static String path() {
        return MaterialsDirectory.FIGURES + "/" + FILE;
    }

    static Map<String, String> parse(String text, Collection<String> figureNames, List<MaterialsProblem> problems) {
        String file = path();
        JsonNode root;
        try {
            root = Json.mapper().readTree(text);
        } catch (JacksonException e) {
            problems.add(new MaterialsProblem(file, "is not valid JSON (" + e.getOriginalMessage() + ")"));
            return Map.of();
        }
        if (root == null || !root.isObject()) {
            problems.add(new MaterialsProblem(file, "must be a JSON object of captions by figure file name, e.g. "
                    + "{\"fig1.png\": \"Accuracy of each method on the test split.\"}"));
            return Map.of();
        }
        Set<String> known = new TreeSet<>(figureNames);
        Map<String, String> captions = new LinkedHashMap<>();
        int before = problems.size();
        for (var entry : root.properties()) {
            String name = entry.getKey();
            JsonNode value = entry.getValue();
            if (!known.contains(name)) {
                problems.add(new MaterialsProblem(file, "'" + shorten(name) + "' names no figure in "
                        + MaterialsDirectory.FIGURES + "/" + (known.isEmpty() ? " (it holds none)"
                        : " (it holds " + String.join(", ", known) + ")")));
                continue;
            }
            if (!value.isString()) {
                problems.add(new MaterialsProblem(file, "the caption of " + name + " must be a string, not "
                        + shorten(value.toString())));
                continue;
            }
            String problem = problem(value.asString());
            if (problem != null) {
                problems.add(new MaterialsProblem(file, "the caption of " + name + " " + problem));
                continue;
            }
            captions.put(name, normalise(value.asString()));
        }
        return problems.size() > before ? Map.of() : captions;
    }

    /** Why a caption is refused, or null. */
    private static @Nullable String problem(String caption) {
        String plain = normalise(caption);
        if (plain.isEmpty()) {
            return "is empty";
        }
        if (plain.codePoints().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)) {
            return "holds a control character";
        }
        if (plain.length() > MAX_CAPTION) {
            return "is " + plain.length() + " characters; at most " + MAX_CAPTION + " are accepted";
        }
        return null;
    }

    /** Whitespace runs (line breaks and tabs included) as one space, stripped. */
    public static String normalise(String caption) {
        return caption.replaceAll("[\\s\\u00a0\\u2028\\u2029]+", " ").strip();
    }

    private static String shorten(String value) {
        return value.length() <= 60 ? value : value.substring(0, 60) + "...";
    }
}
