package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.reviewer.rubric.RubricPrompt;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reviewer through the model gateway (role REVIEWER): the configured format's prompt and JSON Schema extended
 * with the rubric, the LaTeX, the compile report and the first page images of the PDF. Each seat of a panel
 * reviews independently, through its own gateway (its provider and model) at its own temperature, so the
 * gateway's cache never hands one member's answer to another; the reviews are aggregated by {@link PanelReview}.
 * A seat whose provider still fails after the gateway's retries, or whose answer cannot be repaired, is left out
 * and named, as long as {@code quorum} reviews arrive; otherwise the review fails (retriably when a left-out
 * seat failed retriably, so Kafka redelivers it and the cached answers of the others are reused).
 */
public final class ModelReviewer implements Reviewer {

    private static final Logger log = LoggerFactory.getLogger(ModelReviewer.class);

    /**
     * How the one configured reviewer model reviews (a panel of the same model at spread temperatures).
     *
     * @param format            the review format
     * @param temperature       sampling temperature of a single reviewer, the centre of a panel's temperatures
     * @param panelSize         independent reviews per version
     * @param temperatureSpread width of the panel's temperature range around {@code temperature}
     */
    public record Settings(ReviewFormat format, double temperature, int panelSize, double temperatureSpread) {
    }

    /**
     * One seat of the panel.
     *
     * @param name        its name in saved reviews and logs, distinct within the panel
     * @param gateway     the gateway whose reviewer role is this seat's provider and model
     * @param focus       what it reads for first
     * @param temperature its sampling temperature
     */
    public record Seat(String name, LlmGateway gateway, ReviewerFocus focus, double temperature) {
    }

    private final String agent;
    private final ReviewFormat format;
    private final Rubric rubric;
    private final List<Seat> seats;
    private final int quorum;
    private final int disagreementSpread;
    private final ReviewPageImages pageImages;
    private final PageChunks chunks;

    /** The one configured reviewer model, {@code panelSize} times; every seat must answer. */
    public ModelReviewer(LlmGateway gateway, String agent, Settings settings, ReviewPageImages pageImages) {
        this(agent, settings.format(), Rubric.load(Rubric.DEFAULT_VERSION), sameModelSeats(gateway, settings),
                settings.panelSize(), 2, pageImages);
    }

    /**
     * @param seats              the panel, in seat order (one seat: a single reviewer)
     * @param quorum             fewest reviews the panel proceeds with
     * @param disagreementSpread criterion spread from which the meta-review lists a disagreement
     */
    public ModelReviewer(String agent, ReviewFormat format, Rubric rubric, List<Seat> seats, int quorum,
            int disagreementSpread, ReviewPageImages pageImages) {
        this(agent, format, rubric, seats, quorum, disagreementSpread, pageImages, PageChunks.OFF);
    }

    /**
     * @param chunks how a long draft is read in page chunks, each seat reading every chunk and merging its reads
     */
    public ModelReviewer(String agent, ReviewFormat format, Rubric rubric, List<Seat> seats, int quorum,
            int disagreementSpread, ReviewPageImages pageImages, PageChunks chunks) {
        if (seats.isEmpty() || quorum < 1 || quorum > seats.size()) {
            throw new IllegalArgumentException("a panel of " + seats.size() + " seat(s) cannot have a quorum of "
                    + quorum);
        }
        this.agent = agent;
        this.format = format;
        this.rubric = rubric;
        this.seats = List.copyOf(seats);
        this.quorum = quorum;
        this.disagreementSpread = disagreementSpread;
        this.pageImages = pageImages;
        this.chunks = chunks;
    }

    /** Seat i of n of the one configured model, at an evenly spaced temperature around the configured one. */
    public static List<Seat> sameModelSeats(LlmGateway gateway, Settings settings) {
        List<Seat> seats = new ArrayList<>();
        for (int seat = 0; seat < settings.panelSize(); seat++) {
            seats.add(new Seat(settings.panelSize() == 1 ? "reviewer" : "reviewer " + (seat + 1) + " of "
                    + settings.panelSize(), gateway, ReviewerFocus.GENERAL, temperature(seat, settings)));
        }
        return seats;
    }

    /** The panel's seats, in seat order. */
    public List<Seat> seats() {
        return seats;
    }

    /** The fewest reviews the panel proceeds with. */
    public int quorum() {
        return quorum;
    }

    public Rubric rubric() {
        return rubric;
    }

    public int disagreementSpread() {
        return disagreementSpread;
    }

    /**
     * One seat's review alone, as the panel's member listener makes it (its own Kafka record, retried and
     * dead-lettered on its own).
     *
     * @throws RetriableException when the seat's provider still fails after the gateway's retries
     */
    public MemberReview reviewSeat(ReviewInput input, int seat) {
        if (seat < 0 || seat >= seats.size()) {
            throw new PermanentException("paper " + input.paperId() + ": the panel has no seat " + seat + " (it has "
                    + seats.size() + "); was po.reviewer.panel changed while a review was under way?");
        }
        Optional<List<PageChunks.Chunk>> pages = chunksOf(input);
        if (pages.isPresent()) {
            return chunked(input, pages.get(), seat);
        }
        List<LlmRequest.Image> images = input.pdf() == null ? List.of()
                : pageImages.render(input.paperId(), input.pdf());
        return member(input, images, seat);
    }

    private Optional<List<PageChunks.Chunk>> chunksOf(ReviewInput input) {
        byte[] pdf = input.pdf();
        return pdf == null ? Optional.empty() : chunks.split(pdf);
    }

    /** A seat's review of a long draft: each chunk read in its own request, the reads merged. */
    private MemberReview chunked(ReviewInput input, List<PageChunks.Chunk> pages, int index) {
        List<ChunkMerge.ChunkRead> reads = new ArrayList<>();
        int total = pages.getLast().last();
        for (PageChunks.Chunk chunk : pages) {
            reads.add(new ChunkMerge.ChunkRead(chunk, ask(input, chunk.images(),
                    chunkUser(input, chunk, reads.size() + 1, pages.size(), total, index), index)));
        }
        log.info("paper {}: {} read version {} in {} chunks of pages", input.paperId(), seats.get(index).name(),
                input.version(), pages.size());
        return ChunkMerge.merge(reads, format, rubric);
    }

    private String chunkUser(ReviewInput input, PageChunks.Chunk chunk, int number, int count, int total, int seat) {
        StringBuilder user = new StringBuilder();
        if (seats.size() > 1) {
            user.append("You are reviewer ").append(seat + 1).append(" of ").append(seats.size())
                    .append("; review independently.\n");
        }
        user.append("The paper has ").append(total).append(" pages; you read it in ").append(count)
                .append(" parts. This is part ").append(number).append(": pages ").append(chunk.first()).append('-')
                .append(chunk.last()).append(". Review what these pages show. Score every criterion as these pages ")
                .append("let you judge the whole paper; quote evidence only from these pages, with its page number.\n");
        user.append("Compile status: ").append(input.compile().getStatus()).append(" (")
                .append(input.compile().getMessage()).append(")\n");
        if (input.pageLimit() != null) {
            user.append("Page limit of the main text: ").append(input.pageLimit()).append('\n');
        }
        if (!chunk.images().isEmpty()) {
            user.append("Attached: images of pages ").append(chunk.first()).append('-')
                    .append(chunk.first() + chunk.images().size() - 1).append(" of the compiled PDF.\n");
        }
        return user.append("\nPages ").append(chunk.first()).append('-').append(chunk.last())
                .append(" (text of the compiled PDF):\n").append(chunk.text()).toString();
    }

    @Override
    public Review review(ReviewInput input) {
        List<LlmRequest.Image> images = input.pdf() == null ? List.of()
                : pageImages.render(input.paperId(), input.pdf());
        if (seats.size() == 1) {
            return member(input, images, 0);
        }
        List<Review> members = new ArrayList<>();
        List<PanelReview.Absence> absent = new ArrayList<>();
        boolean retriable = false;
        for (int seat = 0; seat < seats.size(); seat++) {
            try {
                members.add(member(input, images, seat));
            } catch (RetriableException | InvalidModelAnswerException | InvalidReviewException e) {
                retriable |= e instanceof RetriableException;
                absent.add(new PanelReview.Absence(seats.get(seat).name(), e.getMessage()));
                log.warn("paper {}: {} left out of the panel for version {}: {}", input.paperId(),
                        seats.get(seat).name(), input.version(), e.getMessage());
            }
        }
        if (members.size() < quorum) {
            String why = "paper " + input.paperId() + ": only " + members.size() + " of " + seats.size()
                    + " reviews of version " + input.version() + " arrived, the panel needs " + quorum + "; "
                    + absent.stream().map(a -> a.seat() + ": " + a.reason()).collect(Collectors.joining("; "));
            throw retriable ? new RetriableException(why) : new PermanentException(why);
        }
        return new PanelReview(members, absent, rubric, disagreementSpread);
    }

    private MemberReview member(ReviewInput input, List<LlmRequest.Image> images, int index) {
        Optional<List<PageChunks.Chunk>> pages = chunksOf(input);
        if (pages.isPresent()) {
            return chunked(input, pages.get(), index);
        }
        return ask(input, images, user(input, images.size(), index), index);
    }

    private MemberReview ask(ReviewInput input, List<LlmRequest.Image> images, String user, int index) {
        return ask(input, images, Prompt.of(user), index);
    }

    private MemberReview ask(ReviewInput input, List<LlmRequest.Image> images, Prompt user, int index) {
        Seat seat = seats.get(index);
        LlmResponse response = seat.gateway().call(new LlmRequest(input.paperId(), agent, LlmRole.REVIEWER,
                ReviewPrompts.system(format, rubric, seat.focus()), user,
                ReviewPrompts.schema(format, rubric), images, seat.temperature()));
        String generatedBy = response.provider() + "/" + response.model();
        try {
            JsonNode answer = Json.mapper().readTree(response.text());
            Review.Single review = format == ReviewFormat.CONFERENCE ? ConferenceReview.fromJson(answer, generatedBy)
                    : AgentReview.fromJson(answer, generatedBy);
            RubricAssessment assessment = RubricAssessment.fromAnswer(answer.get(RubricPrompt.FIELD), rubric,
                    input.tex());
            return new MemberReview(review, assessment, seat.name(), seat.focus().label());
        } catch (JacksonException | IllegalArgumentException e) {
            throw new InvalidReviewException("paper " + input.paperId() + ": the reviewer model's answer for version "
                    + input.version() + " is not a valid " + format.label() + " review: " + e.getMessage(), e);
        }
    }

    /** The paper leads (every seat reads the same), the seat's own line comes last. */
    private Prompt user(ReviewInput input, int pageImages, int seat) {
        StringBuilder user = new StringBuilder();
        user.append("Compile status: ").append(input.compile().getStatus()).append(" (")
                .append(input.compile().getMessage()).append(")\n");
        if (input.pageLimit() != null) {
            user.append("Page limit of the main text: ").append(input.pageLimit()).append('\n');
        }
        if (pageImages > 0) {
            user.append("Attached: images of the first ").append(pageImages).append(" pages of the compiled PDF.\n");
        }
        user.append("\nPaper (LaTeX):\n").append(input.tex());
        Prompt.Builder prompt = Prompt.builder().document(user.toString());
        if (seats.size() > 1) {
            prompt.task("You are reviewer " + (seat + 1) + " of " + seats.size() + "; review independently.");
        }
        return prompt.build();
    }

    /** Seat i of n gets an evenly spaced temperature across the spread, centred on the configured one. */
    static double temperature(int seat, Settings settings) {
        int n = settings.panelSize();
        double t = n <= 1 ? settings.temperature()
                : settings.temperature() + settings.temperatureSpread() * ((double) seat / (n - 1) - 0.5);
        double clamped = Math.max(0.0, Math.min(2.0, t));
        return BigDecimal.valueOf(clamped).setScale(2, RoundingMode.HALF_UP).doubleValue();
    }

    /** A model answer that passed the schema but breaks a rule the schema cannot state. */
    static final class InvalidReviewException extends PermanentException {

        InvalidReviewException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
