package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.rubric.QuoteCheck;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One reviewer's chunk reads of a long draft merged into its review of the whole paper, by rules a reader can
 * check:
 * <ul>
 *   <li>every score (rubric criteria, sub-axes, overall) is the mean of the chunks' scores weighted by the pages
 *       each chunk covered, rounded half up; confidence is the lowest chunk's; the decision follows the merged
 *       overall score by the format's own rule, so the whole paper is judged once, not chunk by chunk;</li>
 *   <li>evidence is kept from every chunk with its page: the page the reviewer gave when it lies in the chunk,
 *       else the chunk page whose text holds the quote, else none (a page outside the chunk is not trusted);</li>
 *   <li>points, strengths, weaknesses and questions are kept from every chunk, each named by its pages, exact
 *       repeats once.</li>
 * </ul>
 */
public final class ChunkMerge {

    /** One chunk as one reviewer read it. */
    public record ChunkRead(PageChunks.Chunk chunk, MemberReview review) {
    }

    private ChunkMerge() {
    }

    public static MemberReview merge(List<ChunkRead> reads, ReviewFormat format, Rubric rubric) {
        if (reads.isEmpty()) {
            throw new IllegalArgumentException("no chunk was read");
        }
        MemberReview first = reads.getFirst().review();
        if (reads.size() == 1) {
            return first;
        }
        Review.Single review = format == ReviewFormat.CONFERENCE ? conference(reads) : agentReview(reads);
        return new MemberReview(review, rubric(reads, rubric), first.seat(), first.focus());
    }

    private static ConferenceReview conference(List<ChunkRead> reads) {
        List<ConferenceReview> reviews = reads.stream().map(read -> (ConferenceReview) read.review().review())
                .toList();
        int overall = mean(reads, reviews, ConferenceReview::overall);
        return new ConferenceReview(summary(reads), listed(reads, r -> ((ConferenceReview) r).strengths()),
                listed(reads, r -> ((ConferenceReview) r).weaknesses()),
                listed(reads, r -> ((ConferenceReview) r).questions()),
                listed(reads, r -> ((ConferenceReview) r).limitations()),
                reviews.stream().anyMatch(ConferenceReview::ethicalConcerns),
                mean(reads, reviews, ConferenceReview::originality), mean(reads, reviews, ConferenceReview::quality),
                mean(reads, reviews, ConferenceReview::clarity), mean(reads, reviews, ConferenceReview::significance),
                mean(reads, reviews, ConferenceReview::soundness), mean(reads, reviews, ConferenceReview::presentation),
                mean(reads, reviews, ConferenceReview::contribution), overall,
                reviews.stream().mapToInt(ConferenceReview::confidence).min().orElseThrow(),
                overall >= ReviewPrompts.CONFERENCE_ACCEPT_FROM ? ConferenceReview.ACCEPT : ConferenceReview.REJECT,
                reviews.getFirst().generatedBy());
    }

    private static AgentReview agentReview(List<ChunkRead> reads) {
        List<AgentReview> reviews = reads.stream().map(read -> (AgentReview) read.review().review()).toList();
        int overall = mean(reads, reviews, AgentReview::overall);
        return new AgentReview(summary(reads), listed(reads, r -> ((AgentReview) r).strengths()),
                listed(reads, r -> ((AgentReview) r).weaknesses()), listed(reads, r -> ((AgentReview) r).questions()),
                mean(reads, reviews, AgentReview::novelty), mean(reads, reviews, AgentReview::soundness),
                mean(reads, reviews, AgentReview::clarity), mean(reads, reviews, AgentReview::significance), overall,
                reviews.stream().mapToInt(AgentReview::confidence).min().orElseThrow(),
                overall >= ReviewPrompts.AGENT_REVIEW_ACCEPT_FROM ? ConferenceReview.ACCEPT : ConferenceReview.REJECT,
                reviews.getFirst().generatedBy());
    }

    private static RubricAssessment rubric(List<ChunkRead> reads, Rubric rubric) {
        List<RubricAssessment.CriterionScore> criteria = new ArrayList<>();
        for (String criterion : rubric.ids()) {
            double weighted = 0;
            int pages = 0;
            List<RubricAssessment.Evidence> evidence = new ArrayList<>();
            Map<String, RubricAssessment.Point> points = new LinkedHashMap<>();
            for (ChunkRead read : reads) {
                RubricAssessment.CriterionScore score = read.review().rubric().criteria().stream()
                        .filter(c -> c.criterion().equals(criterion)).findFirst().orElseThrow(() ->
                                new IllegalArgumentException("chunk " + pagesOf(read.chunk()) + " has no score for "
                                        + criterion));
                weighted += score.score() * read.chunk().size();
                pages += read.chunk().size();
                for (RubricAssessment.Evidence item : score.evidence()) {
                    evidence.add(new RubricAssessment.Evidence(item.quote(), page(item, read.chunk()), item.found()));
                }
                for (RubricAssessment.Point point : score.points()) {
                    points.putIfAbsent(point.request().strip().toLowerCase(Locale.ROOT), point);
                }
            }
            criteria.add(new RubricAssessment.CriterionScore(criterion, round(weighted / pages), evidence,
                    List.copyOf(points.values())));
        }
        return new RubricAssessment(rubric.version(), criteria);
    }

    /** The reviewer's page when it lies in the chunk, else the chunk page holding the quote, else none. */
    static @Nullable Integer page(RubricAssessment.Evidence item, PageChunks.Chunk chunk) {
        Integer given = item.page();
        if (given != null && given >= chunk.first() && given <= chunk.last()) {
            return given;
        }
        for (int i = 0; i < chunk.pages().size(); i++) {
            if (new QuoteCheck(chunk.pages().get(i)).found(item.quote())) {
                return chunk.first() + i;
            }
        }
        return null;
    }

    private static <R> int mean(List<ChunkRead> reads, List<R> reviews, ToIntFunction<R> score) {
        double weighted = 0;
        int pages = 0;
        for (int i = 0; i < reads.size(); i++) {
            weighted += score.applyAsInt(reviews.get(i)) * reads.get(i).chunk().size();
            pages += reads.get(i).chunk().size();
        }
        return round(weighted / pages);
    }

    static int round(double value) {
        return BigDecimal.valueOf(value).setScale(0, RoundingMode.HALF_UP).intValue();
    }

    private static String summary(List<ChunkRead> reads) {
        return reads.stream().map(read -> pagesOf(read.chunk()) + ": " + summaryOf(read.review().review()).strip())
                .collect(Collectors.joining("\n"));
    }

    private static String summaryOf(Review.Single review) {
        return switch (review) {
            case ConferenceReview conference -> conference.summary();
            case AgentReview agent -> agent.summary();
        };
    }

    private static List<String> listed(List<ChunkRead> reads,
            java.util.function.Function<Review.Single, List<String>> items) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> merged = new ArrayList<>();
        for (ChunkRead read : reads) {
            for (String item : items.apply(read.review().review())) {
                if (seen.add(item.strip().toLowerCase(Locale.ROOT))) {
                    merged.add(pagesOf(read.chunk()) + ": " + item);
                }
            }
        }
        return merged;
    }

    static String pagesOf(PageChunks.Chunk chunk) {
        return chunk.first() == chunk.last() ? "p. " + chunk.first() : "pp. " + chunk.first() + "-" + chunk.last();
    }
}
