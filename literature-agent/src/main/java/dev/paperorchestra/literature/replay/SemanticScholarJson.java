package dev.paperorchestra.literature.replay;

import dev.paperorchestra.schemas.ScholarRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Reads paper objects in Semantic Scholar's Graph API format ({@code paperId, title, abstract, year, venue,
 * publicationDate, citationCount, authors[{name}], externalIds{DOI, ArXiv}}) into {@link ScholarRecord}s.
 */
public final class SemanticScholarJson {

    private SemanticScholarJson() {
    }

    /**
     * The papers of a document: {@code {"papers": [...]}} (the replay format), {@code {"data": [...]}} (a
     * search answer) or a bare array (a batch answer, where unknown ids are null).
     */
    public static List<JsonNode> papersOf(JsonNode document) {
        JsonNode papers = document.isArray() ? document
                : document.has("papers") ? document.path("papers") : document.path("data");
        List<JsonNode> result = new ArrayList<>();
        for (JsonNode paper : papers.values()) {
            if (paper.isObject()) {
                result.add(paper);
            }
        }
        return result;
    }

    /** The record, or empty when the paper lacks the id or title no citation can do without. */
    public static Optional<ScholarRecord> toRecord(JsonNode paper) {
        String scholarId = text(paper.path("paperId"));
        String title = text(paper.path("title"));
        if (scholarId == null || title == null) {
            return Optional.empty();
        }
        List<String> authors = new ArrayList<>();
        for (JsonNode author : paper.path("authors").values()) {
            String name = text(author.path("name"));
            if (name != null) {
                authors.add(name);
            }
        }
        JsonNode externalIds = paper.path("externalIds");
        return Optional.of(ScholarRecord.newBuilder()
                .setScholarId(scholarId)
                .setTitle(title)
                .setAuthors(authors)
                .setVenue(text(paper.path("venue")))
                .setYear(integer(paper.path("year")))
                .setPublicationDate(text(paper.path("publicationDate")))
                .setCitationCount(integer(paper.path("citationCount")))
                .setAbstractText(text(paper.path("abstract")))
                .setDoi(text(externalIds.path("DOI")))
                .setArxivId(text(externalIds.path("ArXiv")))
                .build());
    }

    private static @Nullable String text(JsonNode node) {
        if (!node.isString()) {
            return null;
        }
        String value = node.stringValue().strip();
        return value.isEmpty() ? null : value;
    }

    private static @Nullable Integer integer(JsonNode node) {
        return node.isIntegralNumber() ? node.intValue() : null;
    }
}
