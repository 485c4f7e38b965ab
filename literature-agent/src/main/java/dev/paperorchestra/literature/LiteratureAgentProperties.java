package dev.paperorchestra.literature;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the literature agent.
 *
 * @param replayFiles              offline Semantic Scholar records ({@code {"papers": [...]}} in Graph API
 *                                 format) that offline discovery searches and the offline verifier resolves
 *                                 against; a missing file is skipped with a warning, and with no records
 *                                 offline jobs find and verify nothing
 * @param candidatesPerQuery       candidates a discovery worker returns per query at most
 * @param searchConcurrency        discovery workers (listener threads) per instance; more than the
 *                                 literature-search-tasks partitions would idle
 * @param titleSimilarityThreshold title similarity (0-100, Levenshtein ratio on normalised titles, plus the
 *                                 year bonus) a candidate must exceed to match its record
 * @param yearBonus                added to the title similarity when the candidate's year equals the record's
 * @param idBatchSize              DOIs/arXiv ids resolved in one scholarly request (Semantic Scholar's batch
 *                                 endpoint takes up to 500)
 * @param minCitationShare         share of the verified pool the drafted sections must cite; a draft citing
 *                                 less fails the paper
 */
@Validated
@ConfigurationProperties(LiteratureAgentProperties.PREFIX)
public record LiteratureAgentProperties(
        @DefaultValue @NotNull List<Path> replayFiles,
        @DefaultValue("4") @Min(1) @Max(100) int candidatesPerQuery,
        @DefaultValue("4") @Min(1) @Max(64) int searchConcurrency,
        @DefaultValue("70") @DecimalMin("0") @DecimalMax("100") double titleSimilarityThreshold,
        @DefaultValue("5") @DecimalMin("0") @DecimalMax("100") double yearBonus,
        @DefaultValue("500") @Min(1) @Max(500) int idBatchSize,
        @DefaultValue("0.9") @DecimalMin("0") @DecimalMax("1") double minCitationShare) {

    public static final String PREFIX = "po.literature";
    /** The bean name @ConfigurationPropertiesScan gives this record, for SpEL in listener annotations. */
    public static final String BEAN = PREFIX + "-dev.paperorchestra.literature.LiteratureAgentProperties";
}
