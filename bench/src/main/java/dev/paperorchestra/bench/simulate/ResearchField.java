package dev.paperorchestra.bench.simulate;

import java.util.List;

/**
 * A research field the simulation generates papers in: the vocabulary its materials are written with and the
 * example whose recorded Semantic Scholar records are the field's shared corpus. The setup names (baselines,
 * datasets, backbones) are names those records are found by, so every paper of a field should cite works from
 * the same pool, and two papers of one field overlap in them as real papers of a field do. Fields are only as
 * many as recorded corpora: the simulation never invents a record of a work.
 *
 * @param example       the example directory holding the field's {@code scholar_records.json}
 * @param topic         what the field's papers are about, as a title ends ("Metric Depth from ...")
 * @param problems      sentences stating the field's problem, one per paper chosen
 * @param mechanisms    what a paper's method does, a phrase completing "the method ..."
 * @param components    the method's parts an ablation removes
 * @param baselines     methods a paper compares with (names the corpus knows)
 * @param datasets      datasets a paper evaluates on (names the corpus knows)
 * @param backbones     architectures a paper builds on (names the corpus knows)
 * @param metrics       the field's metrics
 * @param sweep         the quantity a paper varies in its sweep table, with the values it takes
 * @param venues        venues the field's papers are submitted to
 * @param twoColumn     whether the field's venues use a two-column template
 */
record ResearchField(String example, List<String> topic, List<String> problems, List<String> mechanisms,
        List<String> components, List<String> baselines, List<String> datasets, List<String> backbones,
        List<Metric> metrics, Sweep sweep, List<String> venues, boolean twoColumn) {

    /**
     * A metric and the range its values are drawn from.
     *
     * @param name          column name, the direction arrow included
     * @param lowerIsBetter true for errors and losses
     * @param low           the best value a baseline may reach
     * @param high          the worst
     * @param decimals      digits after the point
     */
    record Metric(String name, boolean lowerIsBetter, double low, double high, int decimals) {
    }

    /** The quantity a sweep table varies (its row labels) and its values. */
    record Sweep(String quantity, List<Integer> values) {
    }

    static final ResearchField DEPTH = new ResearchField("cvpr-sparse-depth",
            List.of("Metric Depth from Sparse Measurements", "Monocular Depth with Few Range Samples",
                    "Depth Completion at Extreme Sparsity", "Scale-Consistent Depth from Sparse Points"),
            List.of("Monocular depth networks predict sharp structure but drift in metric scale across cameras and"
                            + " scenes.",
                    "Depth completion methods assume hundreds of valid returns and degrade when only a few remain.",
                    "Low-cost range sensors deliver a handful of reliable depth values per frame, too few for"
                            + " local propagation.",
                    "Aligning a relative depth map to a few measurements with one global scale leaves large"
                            + " regional errors."),
            List.of("treats every measurement as a token that attends to image features",
                    "predicts a spatially varying scale field anchored at the measurements",
                    "propagates metric evidence along learned affinities between surfaces",
                    "weights each measurement by a predicted confidence before spreading it"),
            List.of("measurement tokens", "confidence weighting", "scale field", "affinity propagation",
                    "sparsity curriculum"),
            List.of("AdaBins", "NeWCRFs", "Sparse-to-Dense", "CSPN", "NLSPN", "PENet", "CompletionFormer",
                    "ZoeDepth", "Metric3D", "Depth Anything", "Depth Pro", "DPT"),
            List.of("NYU Depth v2", "KITTI"),
            List.of("Swin Transformer", "Vision Transformer"),
            List.of(new Metric("AbsRel ↓", true, 0.02, 0.12, 3), new Metric("RMSE (m) ↓", true, 0.11, 0.45, 3),
                    new Metric("δ1 ↑", false, 0.86, 0.99, 3)),
            new Sweep("Points", List.of(5, 20, 50, 100, 200, 500)),
            List.of("CVPR 2025", "ICCV 2025", "ECCV 2024"), true);

    static final ResearchField OPTIMIZATION = new ResearchField("iclr-adaptive-optim",
            List.of("Adaptive Optimisation for Large-Batch Training", "Stable Step Sizes for Deep Network Training",
                    "Memory-Light Adaptive Gradient Methods", "Preconditioned Updates for Transformer Training"),
            List.of("Adaptive optimisers lose accuracy as the batch grows unless their step sizes are retuned.",
                    "Second-moment estimates cost memory that grows with the model and limits batch sizes.",
                    "Step sizes tuned on small models rarely transfer to larger ones.",
                    "Noisy gradient directions make large learning rates unstable early in training."),
            List.of("scales each block's step by how consistently its gradients agree",
                    "keeps a single factored state buffer per weight matrix",
                    "bounds the update norm relative to the weight norm of each layer",
                    "anneals its preconditioner from sign updates to full adaptive steps"),
            List.of("coherence gain", "factored state", "norm bound", "warm-up schedule", "update clipping"),
            List.of("Adam", "AdamW", "AdaBelief", "Adafactor", "LAMB", "LARS", "Lion", "Sophia", "Shampoo",
                    "signSGD", "SGDR", "MARS"),
            List.of("CIFAR-10", "CIFAR-100", "ImageNet"),
            List.of("ResNet-50", "Vision Transformer", "Transformer"),
            List.of(new Metric("Top-1 acc. (%) ↑", false, 70.0, 96.0, 2),
                    new Metric("Val. loss ↓", true, 0.9, 3.2, 3), new Metric("Steps to target (k) ↓", true, 12, 40, 1)),
            new Sweep("Batch size", List.of(256, 1024, 4096, 8192, 16384, 32768)),
            List.of("ICLR 2025", "NeurIPS 2024", "ICML 2025"), false);

    /** The fields papers are spread over, in turn. */
    static final List<ResearchField> ALL = List.of(DEPTH, OPTIMIZATION);
}
