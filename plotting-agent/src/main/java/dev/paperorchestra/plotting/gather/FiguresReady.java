package dev.paperorchestra.plotting.gather;

import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import java.util.ArrayList;
import java.util.List;

/** The figures-ready event and its one-line status, shared by the gatherer and the empty-plan shortcut. */
public final class FiguresReady {

    private FiguresReady() {
    }

    /**
     * The event for a paper.
     *
     * @param context the paper, its plotting timing already appended
     * @param planned rendered figures in plan order
     * @param skipped "figureId: reason" for every planned figure not made, in plan order
     * @param authors author-supplied figures
     */
    public static FiguresReadyEvent event(PaperContext context, List<Figure> planned, List<String> skipped,
            List<Figure> authors) {
        List<Figure> figures = new ArrayList<>(planned);
        figures.addAll(authors);
        return FiguresReadyEvent.newBuilder().setContext(context).setFigures(figures).setSkipped(skipped).build();
    }

    /** E.g. "2 figures rendered, 1 skipped (offline)" or "no figures planned, 1 supplied by the authors". */
    public static String summary(FiguresReadyEvent event) {
        long authors = event.getFigures().stream().filter(Figure::getAuthorSupplied).count();
        long rendered = event.getFigures().size() - authors;
        long rejected = event.getSkipped().stream().filter(line -> line.contains(AuthorFigures.REJECTED)).count();
        long skipped = event.getSkipped().size() - rejected;
        StringBuilder message = new StringBuilder();
        if (rendered == 0 && skipped == 0) {
            message.append("no figures planned");
        } else {
            message.append(rendered).append(rendered == 1 ? " figure" : " figures").append(" rendered, ")
                    .append(skipped).append(" skipped");
        }
        if (authors > 0) {
            message.append(", ").append(authors).append(" supplied by the authors");
        }
        if (rejected > 0) {
            // named, so the author sees which file to fix without opening the outputs
            message.append(", ").append(rejected).append(rejected == 1 ? " author figure" : " author figures")
                    .append(" rejected (").append(event.getSkipped().stream()
                            .filter(line -> line.contains(AuthorFigures.REJECTED))
                            .map(line -> line.replace(AuthorFigures.REJECTED, ": "))
                            .collect(java.util.stream.Collectors.joining("; "))).append(")");
        }
        if (ModelMode.isOffline(event.getContext())) {
            message.append(" (offline)");
        }
        return message.toString();
    }
}
