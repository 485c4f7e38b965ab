package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.bibtex.ScholarBibtex;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.schemas.ScholarRecord;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The citations a model-mode revision may add, the same wherever it runs ({@code po revise}, the refine agent):
 * the verified bibliography first (nothing is looked up for it), then the deployment's verifier of a title. A
 * verified work the paper's bibliography already holds keeps the paper's key (same title); any other gets a new
 * entry written from the verified record by {@link ScholarBibtex}, never from the model's text. A work that does
 * not verify is not cited.
 */
public final class VerifiedWorks implements CitationLookup {

    /** Verifies one title (the literature agent's CitationVerifier, directly or over Kafka). */
    @FunctionalInterface
    public interface TitleVerifier {

        /** @return the accepted record, or empty when the work does not verify */
        Optional<ScholarRecord> verify(String title);
    }

    private final String bibliography;
    private final String verifiedExtra;
    private final TitleVerifier verifier;

    /**
     * @param bibliography  the paper's own bibliography
     * @param verifiedExtra extra BibTeX entries already verified (--verified-bib), "" for none
     */
    public VerifiedWorks(String bibliography, String verifiedExtra, TitleVerifier verifier) {
        this.bibliography = bibliography + "\n" + verifiedExtra;
        this.verifiedExtra = verifiedExtra;
        this.verifier = verifier;
    }

    /**
     * The model-mode reviser, built the same way by {@code po revise} and the refine agent: the model through
     * {@code gateway}, citations through {@link VerifiedWorks}.
     */
    public static PaperReviser modelReviser(LlmGateway gateway, String paperId, RevisionMaterials materials,
            String verifiedExtra, TitleVerifier verifier) {
        return new ModelRevision(gateway, paperId, materials,
                new VerifiedWorks(materials.bibliography(), verifiedExtra, verifier)).reviser();
    }

    @Override
    public Optional<VerifiedCitation> find(String work) {
        String title = work.strip();
        if (title.isEmpty()) {
            return Optional.empty();
        }
        Optional<VerifiedCitation> extra = BibliographyCitations.sameTitle(verifiedExtra, title)
                .map(found -> new VerifiedCitation(found.key(), found.title(), found.entry(), true));
        if (extra.isPresent()) {
            return extra;
        }
        Optional<ScholarRecord> verified = verifier.verify(title);
        if (verified.isEmpty()) {
            return Optional.empty();
        }
        ScholarRecord record = verified.get();
        Optional<VerifiedCitation> own = BibliographyCitations.sameTitle(bibliography, record.getTitle());
        if (own.isPresent()) {
            return own;
        }
        String key = key(record, LatexReferences.bibKeys(bibliography));
        return Optional.of(new VerifiedCitation(key, record.getTitle(), ScholarBibtex.entryText(key, record), true));
    }

    /** surname, year and the title's first word ("fedus2022switch"), made unique against the paper's keys. */
    static String key(ScholarRecord record, Set<String> taken) {
        String surname = record.getAuthors().isEmpty() ? "anonymous" : ascii(lastWord(record.getAuthors().getFirst()));
        String word = ascii(record.getTitle().split("\\s+")[0]);
        String base = (surname.isEmpty() ? "work" : surname) + (record.getYear() == null ? "" : record.getYear())
                + word;
        String key = base;
        for (int n = 2; taken.contains(key); n++) {
            key = base + n;
        }
        return key;
    }

    private static String lastWord(String name) {
        String[] words = name.strip().split("\\s+");
        return words[words.length - 1];
    }

    private static String ascii(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("[^A-Za-z0-9]", "")
                .toLowerCase(Locale.ROOT);
    }
}
