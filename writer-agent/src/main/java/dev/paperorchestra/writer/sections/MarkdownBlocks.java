package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.LatexMath;
import dev.paperorchestra.model.tex.LatexText;
import java.util.ArrayList;
import java.util.List;

/**
 * Blocks of the materials' Markdown ({@link MarkdownDocument}) as LaTeX body text: paragraphs, bullet and
 * numbered lists (nested ones inside their item), display math and code blocks; nested headings become
 * {@code \paragraph}s. Tables are left out (the writer sets the log's tables as floats of their own), and so is a
 * heading left with nothing under it or one of the materials' own headings ("Method in brief"). A paragraph
 * longer than {@value #LONGEST_PARAGRAPH} words (a full-text export without line breaks) is split between its
 * sentences into paragraphs a reader can follow.
 */
final class MarkdownBlocks {

    /** Words past which a paragraph is split at a sentence end. */
    static final int LONGEST_PARAGRAPH = 180;

    private MarkdownBlocks() {
    }

    static String render(String markdown) {
        return render(MarkdownDocument.parse(markdown).blocks());
    }

    static String render(List<MdBlock> blocks) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < blocks.size(); i++) {
            switch (blocks.get(i)) {
                case MdBlock.Heading heading -> {
                    String title = heading.title();
                    // the materials' own headings ("Method in brief") are no headings of the paper
                    if (hasContentBeforeNextHeading(blocks, i + 1) && !MaterialsHeadings.isGeneric(title)) {
                        out.append("\\paragraph{").append(MarkdownDocument.inline(title).latex()).append(".}\n");
                    }
                }
                case MdBlock.Paragraph paragraph -> out.append(paragraphs(paragraph.text())).append("\n\n");
                case MdBlock.ListBlock list -> list(list, out);
                case MdBlock.MathBlock math -> LatexMath.whitelisted(math.latex().strip()).ifPresentOrElse(
                        allowed -> out.append("\\[\n").append(allowed).append("\n\\]\n\n"),
                        () -> out.append(LatexText.text("$$" + math.latex() + "$$")).append("\n\n"));
                case MdBlock.CodeBlock code -> out.append("\\begin{verbatim}\n")
                        // a line that ends the environment would let the rest of the block run as TeX
                        .append(code.code().replace("\\end{verbatim}", "\\end {verbatim}").stripTrailing())
                        .append("\n\\end{verbatim}\n\n");
                case MdBlock.Quote quote -> out.append(render(quote.blocks())).append("\n\n");
                default -> {
                    // tables, raw HTML and rules are not body text
                }
            }
        }
        return out.toString().strip();
    }

    /** True when some markdown in this block would be kept as LaTeX math. */
    static boolean hasMath(String markdown) {
        return markdown.contains("$$") || LatexText.hasMath(markdown);
    }

    /** A paragraph as LaTeX, split between sentences into paragraphs of a readable length. */
    static String paragraphs(InlineText text) {
        return readable(text.latex());
    }

    /** LaTeX prose split between sentences wherever a paragraph would run past {@value #LONGEST_PARAGRAPH} words. */
    static String readable(String latex) {
        int total = Prose.wordCount(latex);
        if (total <= LONGEST_PARAGRAPH) {
            return latex;
        }
        // an even share: 200 words become two paragraphs of about 100, not one of 180 and one of 20
        int parts = (total + LONGEST_PARAGRAPH - 1) / LONGEST_PARAGRAPH;
        int share = (total + parts - 1) / parts;
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int words = 0;
        for (String sentence : Prose.sentences(latex)) {
            int count = Prose.wordCount(sentence);
            if (words > 0 && words + count > share && words >= share / 2) {
                paragraphs.add(current.toString());
                current.setLength(0);
                words = 0;
            }
            current.append(current.isEmpty() ? "" : " ").append(sentence);
            words += count;
        }
        if (!current.isEmpty()) {
            paragraphs.add(current.toString());
        }
        return String.join("\n\n", paragraphs);
    }

    private static boolean hasContentBeforeNextHeading(List<MdBlock> blocks, int from) {
        for (int j = from; j < blocks.size(); j++) {
            MdBlock block = blocks.get(j);
            if (block instanceof MdBlock.Heading) {
                return false;
            }
            if (!(block instanceof MdBlock.Table || block instanceof MdBlock.Rule || block instanceof MdBlock.Html)) {
                return true;
            }
        }
        return false;
    }

    private static void list(MdBlock.ListBlock list, StringBuilder out) {
        String environment = list.ordered() ? "enumerate" : "itemize";
        out.append("\\begin{").append(environment).append("}\n");
        for (MdBlock.ListItem item : list.items()) {
            out.append("  \\item ").append(item.text().latex()).append('\n');
            String nested = render(item.blocks());
            if (!nested.isEmpty()) {
                out.append(nested).append('\n');
            }
        }
        out.append("\\end{").append(environment).append("}\n\n");
    }
}
