package dev.paperorchestra.model.template;

/**
 * What a slot of a template is for. Every slot is either filled from the paper or removed: a kit's sample
 * values (its title, its authors, its keywords, its references, its conference) are never published.
 */
public enum SlotKind {
    /** {@code \title}, and its short forms and notes ({@code \titlerunning}, {@code \subtitle}, {@code \tnotetext}). */
    TITLE,
    /**
     * Who wrote the paper and how to reach them: {@code \author} in every class's form, affiliations, e-mails,
     * ORCID ids, author notes, running heads with names, IEEE biographies.
     */
    AUTHOR,
    /** The abstract environment or command. */
    ABSTRACT,
    /** Keywords and classification: IEEEkeywords, {@code \keywords}, elsarticle's keyword, CCS concepts. */
    KEYWORDS,
    /** acmart's teaser figure. */
    TEASER,
    /** The acknowledgements: acks/ack/credits environments and an Acknowledg... section. */
    ACKNOWLEDGEMENTS,
    /** {@code \bibliography}, {@code \addbibresource}, or a thebibliography environment with sample items. */
    BIBLIOGRAPHY,
    /** The venue's metadata with sample values: ACM rights and conference commands, {@code \IEEEpubid}, ... */
    VENUE,
    /**
     * Other sample matter: elsarticle's highlights and graphical abstract, and text after the references that
     * belongs to no section (IEEE's guidance paragraph).
     */
    SAMPLE_MATTER
}
