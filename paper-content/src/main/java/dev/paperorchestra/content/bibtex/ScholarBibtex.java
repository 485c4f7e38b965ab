package dev.paperorchestra.content.bibtex;

import dev.paperorchestra.schemas.ScholarRecord;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jbibtex.BibTeXDatabase;
import org.jbibtex.BibTeXEntry;
import org.jbibtex.BibTeXFormatter;
import org.jbibtex.DigitStringValue;
import org.jbibtex.Key;
import org.jbibtex.StringValue;
import org.jspecify.annotations.Nullable;

/**
 * One BibTeX entry from a verified Semantic Scholar record: {@code @inproceedings} when the venue is a conference,
 * workshop or proceedings, {@code @misc} for preprints and papers without a venue, {@code @article} otherwise.
 * Shared by the literature agent's references.bib and a revision's newly cited work, so both write the same entry.
 */
public final class ScholarBibtex {

    private static final Key ARCHIVE_PREFIX = new Key("archivePrefix");
    /** Words and acronyms of the venues Semantic Scholar names without saying "conference". */
    private static final Pattern CONFERENCE = Pattern.compile(
            "\\b(conference|conf|workshops?|proceedings|proc|symposium|congress|"
                    + "computer vision and pattern recognition|neural information processing|learning representations|"
                    + "cvpr|iccv|eccv|wacv|bmvc|3dv|neurips|nips|iclr|icml|aaai|ijcai|uai|aistats|colt|acl|emnlp|"
                    + "naacl|coling|siggraph|kdd|sigir|www|chi|icra|iros|corl|miccai|icassp|interspeech)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PREPRINT = Pattern.compile("\\b(arxiv|biorxiv|medrxiv|ssrn)\\b",
            Pattern.CASE_INSENSITIVE);

    private ScholarBibtex() {
    }

    /**
     * One entry as references.bib holds it, for a record verified outside a paper's registry (a citation a
     * reviewer asked for in a revision).
     */
    public static String entryText(String key, ScholarRecord record) {
        BibTeXDatabase database = new BibTeXDatabase();
        database.addObject(entry(key, record));
        StringWriter out = new StringWriter();
        try {
            new BibTeXFormatter().format(database, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().strip();
    }

    public static BibTeXEntry entry(String key, ScholarRecord record) {
        String venue = record.getVenue() == null || record.getVenue().isBlank() ? null : record.getVenue().strip();
        Key type = typeOf(venue);
        BibTeXEntry entry = new BibTeXEntry(type, new Key(key));
        entry.addField(BibTeXEntry.KEY_TITLE, braced(BibtexText.title(record.getTitle())));
        List<String> authors = record.getAuthors().stream().map(BibtexText::escape)
                .filter(name -> !name.isEmpty()).toList();
        if (!authors.isEmpty()) {
            entry.addField(BibTeXEntry.KEY_AUTHOR, braced(String.join(" and ", authors)));
        }
        if (record.getYear() != null) {
            entry.addField(BibTeXEntry.KEY_YEAR, new DigitStringValue(String.valueOf(record.getYear())));
        }
        if (type.equals(BibTeXEntry.TYPE_INPROCEEDINGS)) {
            entry.addField(BibTeXEntry.KEY_BOOKTITLE, braced(BibtexText.escape(venue)));
        } else if (type.equals(BibTeXEntry.TYPE_ARTICLE)) {
            entry.addField(BibTeXEntry.KEY_JOURNAL, braced(BibtexText.escape(venue)));
        }
        if (record.getDoi() != null && !record.getDoi().isBlank()) {
            entry.addField(BibTeXEntry.KEY_DOI, braced(BibtexText.verbatim(record.getDoi())));
        }
        if (record.getArxivId() != null && !record.getArxivId().isBlank()) {
            entry.addField(BibTeXEntry.KEY_EPRINT, braced(BibtexText.verbatim(record.getArxivId())));
            entry.addField(ARCHIVE_PREFIX, braced("arXiv"));
        }
        return entry;
    }

    public static Key typeOf(@Nullable String venue) {
        if (venue == null || PREPRINT.matcher(venue).find()) {
            return BibTeXEntry.TYPE_MISC;
        }
        return CONFERENCE.matcher(venue.toLowerCase(Locale.ROOT)).find() ? BibTeXEntry.TYPE_INPROCEEDINGS
                : BibTeXEntry.TYPE_ARTICLE;
    }

    private static StringValue braced(String value) {
        return new StringValue(value, StringValue.Style.BRACED);
    }
}
