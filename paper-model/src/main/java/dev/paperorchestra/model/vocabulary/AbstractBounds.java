package dev.paperorchestra.model.vocabulary;

/**
 * How many words an abstract has, declared once: the CONTENT gate accepts {@link #ACCEPTED}, the writers aim at
 * {@link #AIMED}, which lies inside it with a margin, so that the words LaTeX markup splits or joins when the
 * gate counts them again never push a written abstract out of bounds.
 *
 * @param fewestWords the least number of words, inclusive
 * @param mostWords   the greatest number of words, inclusive
 */
public record AbstractBounds(int fewestWords, int mostWords) {

    /** What the CONTENT gate accepts: below it the abstract is a stand-in, above it no venue we write for takes it. */
    public static final AbstractBounds ACCEPTED = new AbstractBounds(70, 350);
    /** What the writers (the offline composer and the model's instructions) aim at. */
    public static final AbstractBounds AIMED = new AbstractBounds(80, 250);
    /** Words the aimed bounds keep away from the accepted ones at either end. */
    public static final int MARGIN = 10;

    public AbstractBounds {
        if (fewestWords < 1 || mostWords < fewestWords) {
            throw new IllegalArgumentException("not word bounds: " + fewestWords + ".." + mostWords);
        }
    }

    /** Whether an abstract of this many words is within the bounds. */
    public boolean admits(int words) {
        return words >= fewestWords && words <= mostWords;
    }

    /** Whether these bounds lie inside {@code outer} with at least {@code margin} words to spare at each end. */
    public boolean within(AbstractBounds outer, int margin) {
        return fewestWords - margin >= outer.fewestWords && mostWords + margin <= outer.mostWords;
    }

    /** "70 to 350", as findings and prompts say it. */
    @Override
    public String toString() {
        return fewestWords + " to " + mostWords;
    }
}
