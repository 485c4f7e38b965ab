package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads reviews in the three shapes people receive them: Markdown, plain text, and the JSON OpenReview exports.
 *
 * <p>OpenReview: a note ({@code {"signatures": [...], "content": {...}}}), an array of notes, or the API's
 * {@code {"notes": [...]}}; the text fields {@code review}, {@code summary}, {@code strengths}, {@code weaknesses},
 * {@code questions} and {@code limitations} are read, each either a string (API v1) or {@code {"value": ...}}
 * (API v2). Notes with none of them (decisions, comments, ratings alone) are skipped.
 *
 * <p>Markdown and text: a file holds one review, or several under headings "Reviewer X" / "Review X"; inside a
 * review, Markdown headings, {@code **Bold**} lines and {@code Heading:} lines title its parts.
 */
public final class ReviewReader {

    /** The OpenReview content fields that carry review text, in the order a reader meets them. */
    static final List<String> OPENREVIEW_FIELDS = List.of("summary", "review", "strengths", "weaknesses", "questions",
            "limitations");
    private static final Pattern REVIEWER_HEADING = Pattern.compile(
            "(?im)^[^\\S\\n]*+(?:#{1,3}[^\\S\\n]*+)?\\**+[^\\S\\n]*+(reviewer[^\\S\\n]*+#?[^\\S\\n]*+[a-z0-9_-]{1,12}"
                    + "|review[^\\S\\n]*+#?[^\\S\\n]*+\\d{1,3})[^\\S\\n]*+\\**+[^\\S\\n]*+:?[^\\S\\n]*+$");
    private static final Pattern PART_HEADING = Pattern.compile(
            "^\\s*(?:#{1,6}\\s+(.+?)\\s*#*|\\*\\*([^*]{2,60})\\*\\*:?|([A-Z][A-Za-z /&-]{2,40}):)\\s*$");

    private ReviewReader() {
    }

    /** Reads one file; the shape is chosen by its extension (.json, .md/.markdown, anything else as text). */
    public static List<HumanReview> read(Path file) {
        String name = file.getFileName().toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read review file " + name, e);
        }
        String stem = name.replaceFirst("\\.[^.]+$", "");
        return name.toLowerCase(Locale.ROOT).endsWith(".json") ? openReview(text, name) : text(text, stem, name);
    }

    /**
     * Reviews from Markdown or plain text.
     *
     * @param fallbackReviewer the reviewer's name when the text names none (the file's stem)
     */
    public static List<HumanReview> text(String text, String fallbackReviewer, String source) {
        List<HumanReview> reviews = new ArrayList<>();
        Matcher heading = REVIEWER_HEADING.matcher(text);
        List<int[]> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (heading.find()) {
            starts.add(new int[] {heading.start(), heading.end()});
            names.add(heading.group(1).strip().replaceAll("\\s+", " "));
        }
        if (starts.isEmpty()) {
            reviews.add(new HumanReview(fallbackReviewer, source, parts(text)));
            return reviews;
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : text.length();
            reviews.add(new HumanReview(names.get(i), source, parts(text.substring(starts.get(i)[1], end))));
        }
        return reviews;
    }

    /** Splits a review's text at its part headings; text before the first heading is an untitled part. */
    static List<HumanReview.Part> parts(String text) {
        List<HumanReview.Part> parts = new ArrayList<>();
        String heading = "";
        StringBuilder body = new StringBuilder();
        for (String line : text.lines().toList()) {
            Matcher matcher = PART_HEADING.matcher(line);
            if (matcher.matches()) {
                add(parts, heading, body);
                heading = MarkdownText.plain(first(matcher.group(1), matcher.group(2), matcher.group(3)));
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        add(parts, heading, body);
        return parts;
    }

    private static void add(List<HumanReview.Part> parts, String heading, StringBuilder body) {
        String text = body.toString().strip();
        if (!text.isEmpty()) {
            parts.add(new HumanReview.Part(heading, text));
        }
    }

    private static String first(String... values) {
        for (String value : values) {
            if (value != null) {
                return value.strip();
            }
        }
        return "";
    }

    /** Reviews from an OpenReview export. */
    public static List<HumanReview> openReview(String json, String source) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(source + " is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        JsonNode notes = root.isArray() ? root : root.has("notes") ? root.get("notes") : null;
        List<JsonNode> list = new ArrayList<>();
        if (notes != null) {
            notes.forEach(list::add);
        } else {
            list.add(root);
        }
        List<HumanReview> reviews = new ArrayList<>();
        for (JsonNode note : list) {
            JsonNode content = note.path("content");
            List<HumanReview.Part> parts = new ArrayList<>();
            for (String field : OPENREVIEW_FIELDS) {
                String value = value(content.path(field));
                if (!value.isBlank()) {
                    parts.add(new HumanReview.Part(field, value.strip()));
                }
            }
            if (!parts.isEmpty()) {
                reviews.add(new HumanReview(reviewer(note, reviews.size() + 1), source, parts));
            }
        }
        return reviews;
    }

    /** A field's text: a string, or API v2's {"value": string}. */
    private static String value(JsonNode field) {
        JsonNode value = field.isObject() ? field.path("value") : field;
        return value.isString() ? value.asString() : "";
    }

    /** The last segment of the first signature ("…/Submission12/Reviewer_AbCd" → "Reviewer_AbCd"). */
    private static String reviewer(JsonNode note, int position) {
        JsonNode signatures = note.path("signatures");
        if (signatures.isArray() && !signatures.isEmpty() && signatures.get(0).isString()) {
            String signature = signatures.get(0).asString();
            String last = signature.substring(signature.lastIndexOf('/') + 1).strip();
            if (!last.isEmpty()) {
                return last;
            }
        }
        return "Reviewer " + position;
    }
}
