package dev.paperorchestra.bench.simulate;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A {@code multipart/form-data} body (RFC 7578) as the Files API receives an upload: each part's name, file name
 * and bytes.
 */
final class MultipartForm {

    /** One part: its field name, the file name when it is a file, and its content. */
    record Part(String name, @Nullable String filename, byte[] content) {

        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    private static final Pattern BOUNDARY = Pattern.compile("boundary=(?:\"([^\"]+)\"|([^;\\s]+))");
    private static final Pattern NAME = Pattern.compile("(?i)\\bname=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("(?i)\\bfilename=\"([^\"]*)\"");

    private MultipartForm() {
    }

    /**
     * The parts by name.
     *
     * @throws StubReplies.Rejected (400) when the content type names no boundary or the body is not delimited by it
     */
    static Map<String, Part> parse(@Nullable String contentType, byte[] body) {
        Matcher boundary = contentType == null ? null : BOUNDARY.matcher(contentType);
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || !boundary.find()) {
            throw new StubReplies.Rejected(400, "the upload must be multipart/form-data with a boundary, not "
                    + contentType, null);
        }
        String delimiter = "--" + (boundary.group(1) != null ? boundary.group(1) : boundary.group(2));
        // ISO-8859-1 maps every byte to one char and back, so a file's bytes survive the split unchanged
        String raw = new String(body, StandardCharsets.ISO_8859_1);
        Map<String, Part> parts = new LinkedHashMap<>();
        int at = raw.indexOf(delimiter);
        while (at >= 0) {
            int start = at + delimiter.length();
            if (raw.startsWith("--", start)) {
                return parts;
            }
            int next = raw.indexOf("\r\n" + delimiter, start);
            if (next < 0) {
                break;
            }
            Part part = part(raw.substring(start, next));
            parts.put(part.name(), part);
            at = next + 2;
        }
        throw new StubReplies.Rejected(400, "the multipart body does not end with its closing boundary " + delimiter
                + "--", null);
    }

    private static Part part(String raw) {
        int headersEnd = raw.indexOf("\r\n\r\n");
        if (headersEnd < 0) {
            throw new StubReplies.Rejected(400, "a multipart part has no blank line after its headers", null);
        }
        String headers = raw.substring(0, headersEnd);
        Matcher name = NAME.matcher(headers);
        if (!name.find()) {
            throw new StubReplies.Rejected(400, "a multipart part has no Content-Disposition name", null);
        }
        Matcher filename = FILENAME.matcher(headers);
        return new Part(name.group(1), filename.find() ? filename.group(1) : null,
                raw.substring(headersEnd + 4).getBytes(StandardCharsets.ISO_8859_1));
    }
}
