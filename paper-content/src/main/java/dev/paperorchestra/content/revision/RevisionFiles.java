package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes a revision's outputs under OUT: the revised paper (its main .tex, references.bib, paper.pdf), the diff
 * (diff.tex, diff.pdf) and revision/ (points.json, decisions.json, edits.json, response.md, response.tex,
 * summary.json).
 */
public final class RevisionFiles {

    /** A line of decisions.json. */
    public record DecisionEntry(String pointId, PointDecision planned, PointDecision answered) {
    }

    /** A line of edits.json: the edit, flattened, and what became of it. */
    public record EditEntry(String pointId, String section, String before, String after, List<Evidence> evidence,
            String bibEntry, EditDecision.Outcome outcome, @Nullable Double scoreBefore, @Nullable Double scoreAfter,
            List<String> reasons) {
    }

    private RevisionFiles() {
    }

    /**
     * @param label the first line of every text artifact made without a model, "" in model mode
     */
    public static void write(Path out, PaperSource paper, PaperRevision.Outcome outcome, String label) {
        RevisionResult result = outcome.result();
        Path revision = out.resolve("revision");
        try {
            Files.createDirectories(revision);
            String comment = label.isEmpty() ? "" : "% " + label + "\n";
            // a paper of several files is written back file by file (only the paper's own files, under OUT)
            for (Map.Entry<String, String> file : paper.splitInputs(result.tex()).entrySet()) {
                Path target = file.getKey().equals(paper.mainTex()) ? out.resolve(Path.of(paper.mainTex())
                        .getFileName()) : out.resolve(file.getKey()).normalize();
                if (!target.startsWith(out.normalize()) && !target.startsWith(out)) {
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.writeString(target, comment + file.getValue(), StandardCharsets.UTF_8);
            }
            Files.writeString(out.resolve("references.bib"), result.bibliography(), StandardCharsets.UTF_8);
            if (outcome.revised() instanceof CompileOutcome.Compiled compiled) {
                Files.write(out.resolve("paper.pdf"), compiled.pdf());
            }
            if (!outcome.diffTex().isEmpty()) {
                Files.writeString(out.resolve("diff.tex"), outcome.diffTex(), StandardCharsets.UTF_8);
            }
            if (outcome.diffPdf() instanceof CompileOutcome.Compiled compiled) {
                Files.write(out.resolve("diff.pdf"), compiled.pdf());
            }
            json(revision.resolve("points.json"), result.points());
            json(revision.resolve("decisions.json"), result.answers().stream().map(answer -> new DecisionEntry(
                    answer.point().id(), answer.planned(), answer.answered())).toList());
            json(revision.resolve("edits.json"), result.edits().stream().map(RevisionFiles::entry).toList());
            ResponseLetter letter = new ResponseLetter(label.isEmpty() ? "Revision response" : label);
            Files.writeString(revision.resolve("response.md"), letter.markdown(result.answers()),
                    StandardCharsets.UTF_8);
            Files.writeString(revision.resolve("response.tex"), letter.latex(result.answers()),
                    StandardCharsets.UTF_8);
            json(revision.resolve("summary.json"), outcome.summary());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the revision under " + out, e);
        }
    }

    private static EditEntry entry(EditDecision decided) {
        Edit edit = decided.edit();
        return new EditEntry(edit.pointId(), edit.section(), edit.before(), edit.after(), edit.evidence(),
                edit.bibEntry(), decided.outcome(), decided.scoreBefore(), decided.scoreAfter(), decided.reasons());
    }

    private static void json(Path file, Object value) throws IOException {
        Files.writeString(file, Json.mapper().writeValueAsString(value) + "\n", StandardCharsets.UTF_8);
    }
}
