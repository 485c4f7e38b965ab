package dev.paperorchestra.gateway;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A user prompt as ordered blocks. Providers cache prompts by prefix (OpenAI and Gemini on identical leading
 * bytes, Anthropic up to its {@code cache_control} breakpoints), so what stays the same across a paper's calls
 * comes first and the part that changes per call comes last. The order is this type's, not the caller's: the
 * {@link Builder} sorts blocks by {@link Part}, so no role can put a per-call instruction ahead of the materials.
 *
 * @param blocks the blocks in the order they are sent
 */
public record Prompt(List<Block> blocks) {

    /** Between two blocks, in the text sent as one message. */
    public static final String SEPARATOR = "\n\n";

    /**
     * What a block holds, in the order blocks are sent: every part but {@link #TASK} is stable. What a paper's
     * calls share across its steps (materials, outline, literature) comes before what one step's calls share (its
     * own reading of the materials, its instructions and rules), so a provider's prefix cache serves every step
     * of the paper after the first, and the long documents precede the instructions that refer to them.
     */
    public enum Part {
        /** The paper's materials in their one rendering ({@link Materials}), the same bytes in every step. */
        MATERIALS,
        /** The outline. */
        OUTLINE,
        /** The verified literature and the citation keys. */
        LITERATURE,
        /**
         * What this step reads besides the shared materials: the guidelines, the template's sections, the figures,
         * the tables it may draw from, a digest of the log.
         */
        READING,
        /** The step's instructions (its system prompt, placed here by the gateway) and its fixed rules and formats. */
        RULES,
        /** The paper (or draft) the calls of one step all read. */
        DOCUMENT,
        /** What this call asks: a section, a query, a chunk, a repair. */
        TASK
    }

    /**
     * A paper's materials as every step that reads them sends them. Providers cache by leading bytes, so a
     * step that rendered the idea and the log its own way (other headings, another order, a slice) would share
     * nothing with the paper's earlier calls; with one rendering, every step after the first reads them from the
     * provider's cache. The texts are the materials as cleaned at intake, the same in every agent. Each file is
     * closed by a line of its own: the files are Markdown with headings of every level, so a heading cannot end
     * one.
     *
     * @param idea            idea.md
     * @param experimentalLog experimental_log.md, the only source of numbers and results
     */
    public record Materials(String idea, String experimentalLog) {

        private static final String IDEA = "idea.md";
        private static final String LOG = "experimental_log.md";

        /** The rendering sent: each file between its opening and closing lines, the idea first. */
        public String text() {
            return open(IDEA) + idea.strip() + close(IDEA) + SEPARATOR + open(LOG) + experimentalLog.strip()
                    + close(LOG);
        }

        /**
         * The materials a prompt's text carries in this rendering, if it does (what a model is given to read). The
         * idea ends where its closing line is followed by the log's opening line, so an idea that quotes its own
         * closing line is still read whole; the log ends at its first closing line.
         */
        public static Optional<Materials> in(String prompt) {
            int idea = prompt.indexOf(open(IDEA));
            int between = idea < 0 ? -1 : prompt.indexOf(close(IDEA) + SEPARATOR + open(LOG), idea);
            int log = between < 0 ? -1 : between + (close(IDEA) + SEPARATOR + open(LOG)).length();
            int end = log < 0 ? -1 : prompt.indexOf(close(LOG), log);
            return end < 0 ? Optional.empty() : Optional.of(new Materials(
                    prompt.substring(idea + open(IDEA).length(), between), prompt.substring(log, end)));
        }

        private static String open(String name) {
            return "=== " + name + " ===\n";
        }

        private static String close(String name) {
            return "\n=== end of " + name + " ===";
        }
    }

    /** One block of a prompt. */
    public record Block(Part part, String text) {

        /** Whether the block is the same in every call of the role for the paper. */
        public boolean stable() {
            return part != Part.TASK;
        }
    }

    public Prompt {
        blocks = List.copyOf(blocks);
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("a prompt has at least one block");
        }
        for (int i = 1; i < blocks.size(); i++) {
            if (blocks.get(i).part().compareTo(blocks.get(i - 1).part()) < 0) {
                throw new IllegalArgumentException("prompt blocks out of order: " + blocks.get(i).part()
                        + " after " + blocks.get(i - 1).part());
            }
        }
    }

    /** A prompt of one per-call block: nothing in it is marked stable. */
    public static Prompt of(String text) {
        return new Prompt(List.of(new Block(Part.TASK, text)));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The prompt as one text: the blocks in order, a blank line between two. */
    public String text() {
        return blocks.stream().map(Block::text).collect(Collectors.joining(SEPARATOR));
    }

    /** The stable blocks, in order (they lead the prompt). */
    public List<Block> stableBlocks() {
        return blocks.stream().filter(Block::stable).toList();
    }

    /**
     * The stable blocks some other block follows, the prefix a provider may cache, as up to three segments that
     * end where a cache entry is worth the most: after the materials (every step of the paper reads them), after
     * the outline and literature (the writing steps share them too), and where the part that changes begins (the
     * step's own calls share the rest). Anthropic writes its cache only at the breakpoints the adapter puts at
     * these ends; joined with {@link #SEPARATOR} the segments are the prompt's start, byte for byte.
     */
    public List<String> stablePrefix() {
        List<String> segments = new ArrayList<>();
        int tier = -1;
        for (int i = 0; i < blocks.size() - 1 && blocks.get(i).stable(); i++) {
            Block block = blocks.get(i);
            int blockTier = tier(block.part());
            if (blockTier == tier) {
                segments.set(segments.size() - 1, segments.getLast() + SEPARATOR + block.text());
            } else {
                segments.add(block.text());
                tier = blockTier;
            }
        }
        return segments;
    }

    /** Who shares a part: every step of the paper, the steps that write from the outline, or one step's calls. */
    private static int tier(Part part) {
        return switch (part) {
            case MATERIALS -> 0;
            case OUTLINE, LITERATURE -> 1;
            case READING, RULES, DOCUMENT, TASK -> 2;
        };
    }

    /** The prompt with {@code text} as the first {@link Part#RULES} block: a step's instructions ahead of its rules. */
    public Prompt withInstructions(String text) {
        List<Block> next = new ArrayList<>(blocks);
        int at = 0;
        while (at < next.size() && next.get(at).part().compareTo(Part.RULES) < 0) {
            at++;
        }
        next.add(at, new Block(Part.RULES, text));
        return new Prompt(next);
    }

    /** The prompt with {@code text} appended to its per-call part (a new last block when it has none). */
    public Prompt withTask(String text) {
        List<Block> next = new ArrayList<>(blocks);
        Block last = next.getLast();
        if (last.stable()) {
            next.add(new Block(Part.TASK, text));
        } else {
            next.set(next.size() - 1, new Block(Part.TASK, last.text() + text));
        }
        return new Prompt(next);
    }

    /** Collects blocks in any order and sends them in {@link Part} order; blocks of one part keep theirs. */
    public static final class Builder {

        private final List<Block> blocks = new ArrayList<>();

        private Builder() {
        }

        public Builder rules(String text) {
            return add(Part.RULES, text);
        }

        /** The materials block: the one rendering of the paper's idea and log ({@link Materials}). */
        public Builder materials(Materials materials) {
            return add(Part.MATERIALS, materials.text());
        }

        public Builder reading(String text) {
            return add(Part.READING, text);
        }

        /**
         * The outline block: outline.json as the planner wrote it, in one rendering, so the steps that follow the
         * outline share it as they share the materials.
         */
        public Builder outline(String outlineJson) {
            return outlineJson.isBlank() ? this : add(Part.OUTLINE, "=== outline.json ===\n" + outlineJson.strip()
                    + "\n=== end of outline.json ===");
        }

        public Builder literature(String text) {
            return add(Part.LITERATURE, text);
        }

        public Builder document(String text) {
            return add(Part.DOCUMENT, text);
        }

        public Builder task(String text) {
            return add(Part.TASK, text);
        }

        /** Adds a block; blank text adds nothing. */
        private Builder add(Part part, String text) {
            if (!text.isBlank()) {
                blocks.add(new Block(part, text));
            }
            return this;
        }

        public Prompt build() {
            List<Block> sorted = new ArrayList<>(blocks);
            sorted.sort(Comparator.comparing(Block::part)); // stable sort: a part's blocks keep their order
            return new Prompt(sorted);
        }
    }
}
