package dev.paperorchestra.writer.draft;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.writer.repair.CheckedDraft;
import dev.paperorchestra.writer.sections.WrittenPaper;
import dev.paperorchestra.writer.tables.NumericFidelity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The status events and compile report of a draft: notices for what is not right, then the completion. */
final class DraftStatuses {

    private static final Logger log = LoggerFactory.getLogger(DraftStatuses.class);

    private final AgentIdentity identity;
    private final Clock clock;

    DraftStatuses(AgentIdentity identity, Clock clock) {
        this.identity = identity;
        this.clock = clock;
    }

    List<PaperStatusChangedEvent> of(String paperId, WrittenPaper paper, CheckedDraft checked) {
        List<PaperStatusChangedEvent> statuses = new ArrayList<>();
        NumericFidelity.Report fidelity = paper.fidelity();
        if (!fidelity.exact()) {
            log.warn("paper {}: {} of {} logged numbers are not in paper.tex as logged; a notice goes to paper-status",
                    paperId, fidelity.missing().size(), fidelity.checked());
            statuses.add(status(paperId, StageState.NOTICE, fidelity.missing().size() + " of " + fidelity.checked()
                    + " numbers of the log's tables are not in paper.tex as logged, e.g. "
                    + fidelity.missing().getFirst()));
        }
        if (!checked.gates().passed()) {
            log.warn("paper {}: integrity gates: {}", paperId, checked.gates().summary());
            statuses.add(status(paperId, StageState.NOTICE, "integrity gates: " + checked.gates().summary()
                    + ", e.g. " + firstFinding(checked)));
        }
        if (checked.overPageLimit()) {
            statuses.add(status(paperId, StageState.NOTICE, "the main text runs " + checked.mainTextPages()
                    + " pages, over the page limit of " + checked.pageLimit()));
        }
        String written = "paper.tex written (" + summary(paper) + ")";
        String completed = switch (checked.compile()) {
            case CompileOutcome.Compiled compiled -> written + ", " + compiled.message();
            case CompileOutcome.Skipped skipped -> {
                statuses.add(status(paperId, StageState.NOTICE, "PDF skipped: " + skipped.reason()));
                yield written + "; PDF skipped: " + skipped.reason();
            }
            case CompileOutcome.Failed failed -> {
                statuses.add(status(paperId, StageState.NOTICE, "PDF not produced, LaTeX failed: " + failed.message()
                        + "; the draft goes on to refinement without a PDF"));
                yield written + "; PDF failed: " + failed.message();
            }
        };
        String repairs = checked.repairs().total() == 0 ? "" : "; repairs: " + checked.repairs().gates()
                + " gate, " + checked.repairs().compile() + " compile, " + checked.repairs().pages() + " page";
        statuses.add(status(paperId, StageState.COMPLETED, completed + "; " + checked.gates().summary() + repairs));
        return statuses;
    }

    private static String firstFinding(CheckedDraft checked) {
        return checked.gates().results().stream().filter(result -> !result.passed())
                .map(result -> result.findings().getFirst().message()).findFirst().orElse("");
    }

    /** E.g. "6 tables, 1 figure, 239/239 logged numbers in place". */
    static String summary(WrittenPaper paper) {
        return count(paper.tableCount(), "table") + ", " + count(paper.figureCount(), "figure") + ", "
                + paper.fidelity().found() + "/" + paper.fidelity().checked() + " logged numbers in place";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private PaperStatusChangedEvent status(String paperId, StageState state, String message) {
        return PaperStatusPublisher.event(paperId, identity.stage(), identity.name(), state, message, clock.instant());
    }

    static CompileReport report(CompileOutcome outcome) {
        return switch (outcome) {
            case CompileOutcome.Compiled compiled -> CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
                    .setMessage(compiled.message() + warnings(compiled.undefinedCitationsAndReferences()))
                    .setPageCount(compiled.pages() > 0 ? compiled.pages() : null).build();
            case CompileOutcome.Skipped skipped -> CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED)
                    .setMessage(skipped.reason()).build();
            case CompileOutcome.Failed failed -> CompileReport.newBuilder().setStatus(CompileStatus.FAILED)
                    .setMessage(failed.message()).build();
        };
    }

    private static String warnings(List<String> warnings) {
        return warnings.isEmpty() ? "" : ": " + String.join(", ", warnings.stream().limit(10).toList());
    }
}
