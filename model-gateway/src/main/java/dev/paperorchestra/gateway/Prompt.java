package dev.paperorchestra.gateway;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
     * instructions and rules), so a provider's prefix cache serves every step of the paper after the first, and
     * the long documents precede the instructions that refer to them.
     */
    public enum Part {
        /** The job's materials: idea, experimental log, guidelines, template, figures as listed. */
        MATERIALS,
        /** The outline. */
        OUTLINE,
        /** The verified literature and the citation keys. */
        LITERATURE,
        /** The step's instructions (its system prompt, placed here by the gateway) and its fixed rules and formats. */
        RULES,
        /** The paper (or draft) the calls of one step all read. */
        DOCUMENT,
        /** What this call asks: a section, a query, a chunk, a repair. */
        TASK
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
     * The texts of the stable blocks some other block follows: the prefix a provider may cache, ending where
     * the part that changes begins.
     */
    public List<String> stablePrefix() {
        List<String> prefix = new ArrayList<>();
        for (int i = 0; i < blocks.size() - 1 && blocks.get(i).stable(); i++) {
            prefix.add(blocks.get(i).text());
        }
        return prefix;
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

        public Builder materials(String text) {
            return add(Part.MATERIALS, text);
        }

        public Builder outline(String text) {
            return add(Part.OUTLINE, text);
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
        public Builder add(Part part, String text) {
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
