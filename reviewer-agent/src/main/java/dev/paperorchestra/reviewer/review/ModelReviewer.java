package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reviewer through the model gateway (role REVIEWER): the configured format's prompt and JSON Schema, the
 * LaTeX, the compile report and the first page images of the PDF. With a panel, each member reviews
 * independently at its own temperature (so the gateway's cache never hands one member's answer to another)
 * and the reviews are aggregated by {@link PanelReview}.
 */
public final class ModelReviewer implements Reviewer {

    /**
     * How the model reviews.
     *
     * @param format            the review format
     * @param temperature       sampling temperature of a single reviewer, the centre of a panel's temperatures
     * @param panelSize         independent reviews per version
     * @param temperatureSpread width of the panel's temperature range around {@code temperature}
     */
    public record Settings(ReviewFormat format, double temperature, int panelSize, double temperatureSpread) {
    }

    private final LlmGateway gateway;
    private final String agent;
    private final Settings settings;
    private final ReviewPageImages pageImages;

    public ModelReviewer(LlmGateway gateway, String agent, Settings settings, ReviewPageImages pageImages) {
        this.gateway = gateway;
        this.agent = agent;
        this.settings = settings;
        this.pageImages = pageImages;
    }

    @Override
    public Review review(ReviewInput input) {
        List<LlmRequest.Image> images = input.pdf() == null ? List.of()
                : pageImages.render(input.paperId(), input.pdf());
        if (settings.panelSize() <= 1) {
            return member(input, images, 0);
        }
        List<Review> members = new ArrayList<>();
        for (int seat = 0; seat < settings.panelSize(); seat++) {
            members.add(member(input, images, seat));
        }
        return new PanelReview(members);
    }

    private Review member(ReviewInput input, List<LlmRequest.Image> images, int seat) {
        ReviewFormat format = settings.format();
        LlmResponse response = gateway.call(new LlmRequest(input.paperId(), agent, LlmRole.REVIEWER,
                ReviewPrompts.system(format), user(input, images.size(), seat), ReviewPrompts.schema(format), images,
                temperature(seat, settings)));
        String generatedBy = response.provider() + "/" + response.model();
        try {
            JsonNode answer = Json.mapper().readTree(response.text());
            return format == ReviewFormat.CONFERENCE ? ConferenceReview.fromJson(answer, generatedBy)
                    : AgentReview.fromJson(answer, generatedBy);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new PermanentException("paper " + input.paperId() + ": the reviewer model's answer for version "
                    + input.version() + " is not a valid " + format.label() + " review: " + e.getMessage(), e);
        }
    }

    private String user(ReviewInput input, int pageImages, int seat) {
        StringBuilder user = new StringBuilder();
        if (settings.panelSize() > 1) {
            user.append("You are reviewer ").append(seat + 1).append(" of ").append(settings.panelSize())
                    .append("; review independently.\n");
        }
        user.append("Compile status: ").append(input.compile().getStatus()).append(" (")
                .append(input.compile().getMessage()).append(")\n");
        if (input.pageLimit() != null) {
            user.append("Page limit of the main text: ").append(input.pageLimit()).append('\n');
        }
        if (pageImages > 0) {
            user.append("Attached: images of the first ").append(pageImages).append(" pages of the compiled PDF.\n");
        }
        return user.append("\nPaper (LaTeX):\n").append(input.tex()).toString();
    }

    /** Seat i of n gets an evenly spaced temperature across the spread, centred on the configured one. */
    static double temperature(int seat, Settings settings) {
        int n = settings.panelSize();
        double t = n <= 1 ? settings.temperature()
                : settings.temperature() + settings.temperatureSpread() * ((double) seat / (n - 1) - 0.5);
        double clamped = Math.max(0.0, Math.min(2.0, t));
        return BigDecimal.valueOf(clamped).setScale(2, RoundingMode.HALF_UP).doubleValue();
    }
}
