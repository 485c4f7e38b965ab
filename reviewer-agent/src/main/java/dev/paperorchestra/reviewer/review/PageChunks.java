package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.BoundedPdf;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.runtime.figures.PageImages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Page-chunked reading of a long draft: its compiled pages split into runs of {@code chunkPages} pages, each read
 * by the reviewer with that run's page text and page images. A draft is long when it has more pages than one
 * request carries images of ({@code po.reviewer.page-images}, or {@code chunkPages} when no images are sent):
 * a draft that fits is read whole, as before. The number of chunks is capped ({@code maxChunks}; chunks grow to
 * fit), because each chunk is one model request per reviewer.
 */
public final class PageChunks {

    /** Reading a long draft's text and rendering its pages stays well under this. */
    static final Duration LIMIT = Duration.ofSeconds(120);

    /**
     * One run of pages.
     *
     * @param first  its first page, from 1
     * @param last   its last page
     * @param pages  the text of each page, first to last
     * @param images the rendered pages sent with it (at most the page-image limit, from its first page)
     */
    public record Chunk(int first, int last, List<String> pages, List<LlmRequest.Image> images) {

        public Chunk {
            pages = List.copyOf(pages);
            images = List.copyOf(images);
        }

        /** Pages in this chunk. */
        public int size() {
            return last - first + 1;
        }

        /** The chunk's text, each page headed by its number, as the reviewer reads it. */
        public String text() {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < pages.size(); i++) {
                text.append("--- page ").append(first + i).append(" ---\n").append(pages.get(i).strip()).append('\n');
            }
            return text.toString();
        }
    }

    private final int chunkPages;
    private final int maxChunks;
    private final int imagesPerChunk;
    private final int dpi;

    /**
     * @param chunkPages     pages per chunk; 0 reads every draft whole
     * @param maxChunks      most chunks per reading
     * @param imagesPerChunk most page images sent with a chunk ({@code po.reviewer.page-images}); 0 sends none
     * @param dpi            rendering resolution
     */
    public PageChunks(int chunkPages, int maxChunks, int imagesPerChunk, int dpi) {
        this.chunkPages = chunkPages;
        this.maxChunks = maxChunks;
        this.imagesPerChunk = imagesPerChunk;
        this.dpi = dpi;
    }

    /** Reads every draft whole. */
    public static final PageChunks OFF = new PageChunks(0, 1, 0, 72);

    /** Most model requests one reviewer makes to read a draft. */
    public int maxRequests() {
        return chunkPages == 0 ? 1 : maxChunks;
    }

    /** Whether a draft of this many pages is read in chunks. */
    boolean isLong(int pageCount) {
        return chunkPages > 0 && pageCount > Math.max(chunkPages, imagesPerChunk);
    }

    /**
     * The page ranges (first, last) of a draft of {@code pageCount} pages: runs of {@code chunkPages}, grown evenly
     * so that there are at most {@code maxChunks}.
     */
    static List<int[]> ranges(int pageCount, int chunkPages, int maxChunks) {
        int size = Math.max(chunkPages, (pageCount + maxChunks - 1) / maxChunks);
        List<int[]> ranges = new ArrayList<>();
        for (int first = 1; first <= pageCount; first += size) {
            ranges.add(new int[] {first, Math.min(pageCount, first + size - 1)});
        }
        return ranges;
    }

    /**
     * The chunks of a compiled draft; empty when it is not long or its PDF cannot be read (it is then read whole,
     * from its LaTeX and first page images, as before).
     */
    public Optional<List<Chunk>> split(byte[] pdf) {
        if (chunkPages == 0) {
            return Optional.empty();
        }
        BoundedParse.Outcome<Optional<List<Chunk>>> outcome = BoundedPdf.read(pdf, LIMIT, document -> {
            int pageCount = document.getNumberOfPages();
            if (!isLong(pageCount)) {
                return Optional.empty();
            }
            PDFTextStripper stripper = new PDFTextStripper();
            PDFRenderer renderer = new PDFRenderer(document);
            List<Chunk> chunks = new ArrayList<>();
            for (int[] range : ranges(pageCount, chunkPages, maxChunks)) {
                List<String> pages = new ArrayList<>();
                List<LlmRequest.Image> images = new ArrayList<>();
                for (int page = range[0]; page <= range[1]; page++) {
                    stripper.setStartPage(page);
                    stripper.setEndPage(page);
                    pages.add(stripper.getText(document));
                    if (images.size() < imagesPerChunk) {
                        images.add(new LlmRequest.Image("image/png",
                                PageImages.png(renderer.renderImageWithDPI(page - 1, dpi, ImageType.RGB))));
                    }
                }
                chunks.add(new Chunk(range[0], range[1], pages, images));
            }
            return Optional.of(chunks);
        });
        return switch (outcome) {
            case BoundedParse.Outcome.Done<Optional<List<Chunk>>> done -> done.value();
            case BoundedParse.Outcome.Failed<Optional<List<Chunk>>> failed -> Optional.empty();
        };
    }
}
