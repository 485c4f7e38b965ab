package dev.paperorchestra.writer.latex;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The citation keys a document cites (natbib and biblatex commands included; comments ignored). */
public final class CitedKeys {

    private static final Pattern CITE = Pattern.compile(
            "\\\\(?:[a-zA-Z]*cite[a-zA-Z]*|nocite)\\*?\\s*(?:\\[[^\\]]*]\\s*){0,2}\\{([^}]*)}");

    private CitedKeys() {
    }

    public static Set<String> of(String tex) {
        Set<String> keys = new LinkedHashSet<>();
        Matcher matcher = CITE.matcher(Tex.withoutComments(tex));
        while (matcher.find()) {
            Arrays.stream(matcher.group(1).split(",")).map(String::strip)
                    .filter(key -> !key.isEmpty() && !key.equals("*"))
                    .forEach(keys::add);
        }
        return keys;
    }
}
