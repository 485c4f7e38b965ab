package dev.paperorchestra.content.revision;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small paper of our own with its materials and three reviews (Markdown, plain text, OpenReview JSON) that raise a
 * missing citation, a comparison whose numbers are in the log, a new experiment, a clarity point, a factual error, a
 * missing detail, a presentation point and a question. Shared with the cli's tests (paper-content's test jar).
 */
public final class RevisionCase {

    public static final String TEX = """
            \\documentclass{article}
            \\usepackage{booktabs}
            \\title{Sparse Expert Routing for Monocular Depth Estimation}
            \\author{Anonymous}
            \\begin{document}
            \\maketitle
            \\begin{abstract}
            We route image tokens to a few experts to estimate depth from one image at a lower cost.
            \\end{abstract}
            \\section{Introduction}
            Estimating depth from a single image is a core problem of scene understanding~\\cite{eigen2014depth}.
            Dense prediction transformers~\\cite{ranftl2021dpt} are accurate but costly.
            We propose a router that sends each token to a small set of experts.
            \\section{Related Work}
            Monocular depth estimation was first addressed with multi-scale networks~\\cite{eigen2014depth}.
            Transformer backbones later improved dense prediction~\\cite{ranftl2021dpt}.
            \\section{Method}
            Each token is routed by a learned gate to its top experts.
            The router activates 8 of the 16 experts per token.
            Each expert is a two-layer MLP, and the capacity factor limits the tokens an expert receives.
            \\section{Experiments}
            We evaluate on NYU Depth v2 with the standard split.
            Table~\\ref{tab:main} reports the main results.
            \\begin{table}[t]
            \\centering
            \\caption{Main results on NYU Depth v2.}
            \\label{tab:main}
            \\begin{tabular}{lcc}
            \\toprule
            Method & AbsRel & RMSE \\\\
            \\midrule
            DPT & 0.110 & 0.357 \\\\
            Ours & 0.098 & 0.331 \\\\
            \\bottomrule
            \\end{tabular}
            \\end{table}
            \\section{Conclusion}
            Sparse routing gives accurate depth at a lower cost.
            \\bibliographystyle{plain}
            \\bibliography{references}
            \\end{document}
            """;

    public static final String BIB = """
            @inproceedings{eigen2014depth,
              title = {Depth Map Prediction from a Single Image using a Multi-Scale Deep Network},
              author = {Eigen, David and Puhrsch, Christian and Fergus, Rob},
              booktitle = {Advances in Neural Information Processing Systems},
              year = {2014}
            }

            @inproceedings{ranftl2021dpt,
              title = {Vision Transformers for Dense Prediction},
              author = {Ranftl, Ren{\\'e} and Bochkovskiy, Alexey and Koltun, Vladlen},
              booktitle = {International Conference on Computer Vision},
              year = {2021}
            }

            @article{fedus2022switch,
              title = {Switch Transformers: Scaling to Trillion Parameter Models with Simple and Efficient Sparsity},
              author = {Fedus, William and Zoph, Barret and Shazeer, Noam},
              journal = {Journal of Machine Learning Research},
              year = {2022}
            }
            """;

    public static final String LOG = """
            # Experimental log

            ## Setup
            We train on NYU Depth v2 for 25 epochs with AdamW and a learning rate of 0.0002.
            The router activates 4 of the 16 experts per token.

            ## Main results on NYU Depth v2
            | Method | AbsRel | RMSE |
            |---|---|---|
            | DPT | 0.110 | 0.357 |
            | Ours | 0.098 | 0.331 |

            ## Comparison with AdaBins on NYU Depth v2
            | Method | AbsRel | RMSE | Params (M) |
            |---|---|---|---|
            | AdaBins | 0.103 | 0.364 | 78 |
            | Ours | 0.098 | 0.331 | 41 |
            """;

    public static final String IDEA = """
            # Idea
            A learned gate routes each image token to a few experts of a mixture.
            The capacity factor bounds how many tokens one expert may process in a batch, so no expert is overloaded.
            """;

    public static final String REVIEW_MARKDOWN = """
            ## Summary
            The paper routes tokens to experts for depth estimation.

            ## Strengths
            - Efficient and simple.

            ## Weaknesses
            1. The related work omits sparse expert routing, in particular Switch Transformers by Fedus et al., which
               should be cited.
            2. Please compare against AdaBins, a strong baseline on NYU Depth v2.

            ## Questions
            - Is the capacity factor in the Method section defined anywhere? The notation is unclear.
            """;

    public static final String REVIEW_TEXT = """
            Reviewer 2

            Summary:
            A mixture-of-experts router for depth estimation.

            Weaknesses:
            The method section states that the router activates 8 of the 16 experts per token, which is inconsistent
            with the efficiency claim. It would be important to evaluate on the KITTI outdoor driving benchmark as well.
            """;

    public static final String REVIEW_OPENREVIEW = """
            {"notes": [{
              "id": "note1",
              "signatures": ["ICLR.cc/2026/Conference/Submission42/Reviewer_Xy12"],
              "content": {
                "summary": {"value": "Routing for depth."},
                "strengths": {"value": "Clear idea."},
                "weaknesses": {"value": "- The paper does not state the learning rate used for training.\\n- The fonts in the figures are too small to read."},
                "questions": {"value": "Which dataset split is used for evaluation?"},
                "rating": {"value": "5: marginally below the acceptance threshold"},
                "confidence": {"value": 4}
              }
            }]}
            """;

    private RevisionCase() {
    }

    public static RevisionMaterials materials() {
        return new RevisionMaterials(TEX, BIB, LOG, IDEA);
    }

    /** The three reviews as files in {@code directory}, in the order their reviewers are numbered. */
    public static List<Path> reviewFiles(Path directory) {
        try {
            List<Path> files = new ArrayList<>();
            files.add(Files.writeString(directory.resolve("reviewer1.md"), REVIEW_MARKDOWN));
            files.add(Files.writeString(directory.resolve("reviewer2.txt"), REVIEW_TEXT));
            files.add(Files.writeString(directory.resolve("reviewer3.json"), REVIEW_OPENREVIEW));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<HumanReview> reviews(Path directory) {
        return reviewFiles(directory).stream().flatMap(file -> ReviewReader.read(file).stream()).toList();
    }

    /** The materials as a directory (experimental_log.md and idea.md). */
    public static Path materialsDirectory(Path directory) {
        try {
            Path materials = Files.createDirectories(directory.resolve("materials"));
            Files.writeString(materials.resolve("experimental_log.md"), LOG);
            Files.writeString(materials.resolve("idea.md"), IDEA);
            return materials;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The paper as a source directory (paper.tex and references.bib). */
    public static Path paperDirectory(Path directory) {
        try {
            Path paper = Files.createDirectories(directory.resolve("paper"));
            Files.writeString(paper.resolve("paper.tex"), TEX);
            Files.writeString(paper.resolve("references.bib"), BIB);
            return paper;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
