package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.panel.PanelMember;
import dev.paperorchestra.reviewer.review.ReviewFormat;
import dev.paperorchestra.reviewer.rubric.Rubric;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the reviewer agent (model reviews; the offline rubric has no settings).
 *
 * @param format             {@code conference} (the spec's conference-style fields and scales) or
 *                           {@code agent-review} (anchored 1-10 overall and sub-axes)
 * @param temperature        sampling temperature of the reviewer model (the spec's reference setting is 0.75)
 * @param panel              reviewers of different providers and models, one review each: every member has
 *                           {@code provider} (openai, gemini, anthropic), optional {@code model}, {@code base-url},
 *                           {@code api-key}, {@code temperature}, and a {@code focus} (general, methods, evidence,
 *                           clarity, related-work, novelty, presentation); unset: the one configured reviewer model
 *                           ({@code po.llm.roles.reviewer}, {@code panel-size} times)
 * @param panelSize          independent reviews per version by the one configured reviewer model, aggregated by
 *                           the median of each axis (above 1 only when {@code panel} is unset)
 * @param temperatureSpread  width of the panel's temperatures, evenly spaced and centred on {@code temperature}
 * @param pageImages         most PDF pages sent as images to the reviewer model; 0 sends none (for models
 *                           without image input)
 * @param pageImageDpi       resolution of the page images
 * @param minReviewers       fewest panel members whose reviews must arrive for the panel to proceed without the
 *                           others (a member whose provider still fails after the gateway's retries is left out
 *                           and named in the review); unset: more than half of the panel
 * @param rubric             version of the review rubric every model review also scores ({@code rubric/<version>.json};
 *                           recorded in each review)
 * @param disagreementSpread rubric criterion spread (highest minus lowest member score) from which a panel's
 *                           meta-review lists the criterion as a disagreement
 * @param chunkPages         pages per chunk when a long draft is read in page chunks (each chunk's page text and
 *                           images in one request per reviewer, the reads merged per reviewer); a draft is long when
 *                           it has more pages than {@code page-images} (and than one chunk); unset (the default):
 *                           as many pages as one request carries images of ({@code page-images}, or 8 when images
 *                           are off), so no page of a long draft goes unread; 0 reads every draft whole, from its
 *                           LaTeX and first page images
 * @param maxChunks          most chunks one reviewer reads a draft in (chunks grow to fit): each is one model
 *                           request, and the stage budget allows for them
 */
@Validated
@ConfigurationProperties("po.reviewer")
public record ReviewerAgentProperties(
        @DefaultValue("conference") @NotNull ReviewFormat format,
        @DefaultValue("0.75") @DecimalMin("0.0") @DecimalMax("2.0") double temperature,
        @DefaultValue("1") @Min(1) @Max(9) int panelSize,
        @DefaultValue("0.2") @DecimalMin("0.0") @DecimalMax("1.0") double temperatureSpread,
        @DefaultValue("8") @Min(0) @Max(40) int pageImages,
        @DefaultValue("110") @Min(50) @Max(300) int pageImageDpi,
        @DefaultValue @NotNull @Size(max = 9) List<@Valid PanelMember> panel,
        @Nullable @Min(1) @Max(9) Integer minReviewers,
        @DefaultValue(Rubric.DEFAULT_VERSION) @NotNull @Pattern(regexp = "v[0-9]{1,3}") String rubric,
        @DefaultValue("2") @Min(1) @Max(9) int disagreementSpread,
        @Nullable @Min(0) @Max(40) Integer chunkPages,
        @DefaultValue("4") @Min(1) @Max(20) int maxChunks) {

    /** Pages per chunk when no page images are sent: a request's page text stays well inside a context. */
    static final int PAGES_WITHOUT_IMAGES = 8;

    public ReviewerAgentProperties {
        panel = List.copyOf(panel);
        if (!panel.isEmpty() && panelSize > 1) {
            throw new IllegalArgumentException("po.reviewer.panel lists " + panel.size() + " members and "
                    + "po.reviewer.panel-size is " + panelSize + ": give one of them (panel-size repeats the one "
                    + "configured reviewer model; panel names each member)");
        }
        if (minReviewers != null && minReviewers > seats(panel, panelSize)) {
            throw new IllegalArgumentException("po.reviewer.min-reviewers is " + minReviewers + " but the panel has "
                    + seats(panel, panelSize) + " seat(s)");
        }
    }

    /**
     * The one configured reviewer model {@code panelSize} times, on the default rubric (tests; a second
     * constructor would confuse the binder).
     */
    public static ReviewerAgentProperties sameModel(ReviewFormat format, double temperature, int panelSize,
            double temperatureSpread, int pageImages, int pageImageDpi) {
        return new ReviewerAgentProperties(format, temperature, panelSize, temperatureSpread, pageImages,
                pageImageDpi, List.of(), null, Rubric.DEFAULT_VERSION, 2, null, 4);
    }

    /** Pages per chunk of a long draft: as configured, else the pages one request carries images of. */
    public int pagesPerChunk() {
        return chunkPages != null ? chunkPages : pageImages > 0 ? pageImages : PAGES_WITHOUT_IMAGES;
    }

    /** Reviews per version: the listed members, else {@code panelSize} reviews by the one reviewer model. */
    public int seats() {
        return seats(panel, panelSize);
    }

    /** The fewest reviews the panel proceeds with: as configured, else more than half of the seats. */
    public int quorum() {
        return minReviewers != null ? minReviewers : seats() / 2 + 1;
    }

    private static int seats(List<PanelMember> panel, int panelSize) {
        return panel.isEmpty() ? panelSize : panel.size();
    }
}
