package dev.paperorchestra.service.api;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.status.PaperViews;
import dev.paperorchestra.service.status.UnknownPaperException;
import java.util.List;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** The outputs of a completed paper, one by one or as one zip, read from the blob store by their refs. */
@RestController
@RequestMapping("/papers/{id}")
class PaperFilesController {

    private final PaperViews views;
    private final BlobStore blobs;

    PaperFilesController(PaperViews views, BlobStore blobs) {
        this.views = views;
        this.blobs = blobs;
    }

    @GetMapping("/files")
    List<PaperResponses.FileItem> files(@PathVariable String id) {
        return outputs(id).artifacts().stream().map(PaperResponses::file).toList();
    }

    /** {@code name} is the output's path, e.g. reviews/iteration-0.json or figures/fig-1.pdf. */
    @GetMapping("/files/{*name}")
    ResponseEntity<byte[]> file(@PathVariable String id, @PathVariable String name) {
        String relative = name.startsWith("/") ? name.substring(1) : name;
        PaperOutputs outputs = outputs(id);
        NamedArtifact artifact = outputs.find(relative).orElseThrow(() -> new UnknownFileException(id, relative));
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(artifact.getArtifact().getMediaType()))
                .body(outputs.read(artifact));
    }

    @GetMapping(path = "/bundle", produces = "application/zip")
    ResponseEntity<StreamingResponseBody> bundle(@PathVariable String id) {
        PaperOutputs outputs = outputs(id);
        if (outputs.artifacts().isEmpty()) {
            throw new UnknownFileException(id, "bundle");
        }
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/zip"))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(id + ".zip")
                        .build().toString())
                .body(out -> outputs.zipTo(out, id));
    }

    private PaperOutputs outputs(String id) {
        PaperViewState view = views.find(id).orElseThrow(() -> new UnknownPaperException(id));
        return new PaperOutputs(view.getArtifacts(), blobs);
    }
}
