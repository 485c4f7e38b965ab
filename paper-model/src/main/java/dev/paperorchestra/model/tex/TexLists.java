package dev.paperorchestra.model.tex;

import java.util.ArrayList;
import java.util.List;

/** Comma lists as LaTeX arguments hold them ({@code \\usepackage{a, b}}, {@code \cite{k1,k2}}). */
final class TexLists {

    private TexLists() {
    }

    /** The non-empty items of a comma list, stripped, braces around an item removed. */
    static List<String> split(String list) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        StringBuilder item = new StringBuilder();
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                add(items, item);
                item.setLength(0);
            } else if (c == '%') {
                int end = list.indexOf('\n', i);
                i = end < 0 ? list.length() : end;
            } else {
                item.append(c);
            }
        }
        add(items, item);
        return items;
    }

    private static void add(List<String> items, StringBuilder item) {
        String text = item.toString().strip();
        if (text.startsWith("{") && text.endsWith("}")) {
            text = text.substring(1, text.length() - 1).strip();
        }
        if (!text.isEmpty()) {
            items.add(text);
        }
    }
}
