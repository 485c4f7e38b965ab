package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.content.materials.MaterialsDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates a synthetic paper's materials (idea, experimental log, template, guidelines) in a research field,
 * deterministically from a seed and the paper's number: its own method name and title, its own choice of the
 * field's baselines, datasets and backbones (so papers of one field overlap in the works they should cite
 * without being copies), and a template and guidelines of one of the field's venues. Sized like the reference
 * benchmark's conference papers (about four tables, five figures): seven to ten baselines and two or three
 * datasets, and five or six result tables with their own numbers (a comparison per dataset, an ablation, an
 * efficiency comparison and a sweep, the method best in each, as a paper's log usually reads). The numbers are
 * synthetic and the materials say so; they exist to load the pipeline, not to report research.
 */
final class MaterialsGenerator {

    private static final List<String> SYLLABLES = List.of("Glint", "Vor", "Sol", "Quill", "Tarn", "Brio", "Ember",
            "Lum", "Kest", "Rune", "Astra", "Mira", "Pell", "Cadence", "Nod", "Zephyr", "Orin", "Halo", "Vela",
            "Fen");
    private static final List<String> ENDINGS = List.of("Net", "Former", "Depth", "Step", "Flow", "Opt", "Scale",
            "Field", "Prompt", "Grad");

    /** What an efficiency table reports, in every field: model size and the time of one forward pass. */
    private static final List<ResearchField.Metric> EFFICIENCY = List.of(
            new ResearchField.Metric("Parameters (M) ↓", true, 4.0, 320.0, 1),
            new ResearchField.Metric("Inference time (ms) ↓", true, 6.0, 240.0, 1));

    private final long seed;
    private final Set<String> usedNames = new HashSet<>();

    /** @param seed the seed every paper's draws derive from, with the paper's number */
    MaterialsGenerator(long seed) {
        this.seed = seed;
    }

    /** The files of one generated paper, and the setup names its log cites works by. */
    record SyntheticMaterials(String method, String title, String idea, String log, String template,
            String guidelines, List<String> setupNames) {

        void write(Path directory) throws IOException {
            Files.createDirectories(directory);
            Files.writeString(directory.resolve(MaterialsDirectory.IDEA), idea);
            Files.writeString(directory.resolve(MaterialsDirectory.LOG), log);
            Files.writeString(directory.resolve(MaterialsDirectory.TEMPLATE), template);
            Files.writeString(directory.resolve(MaterialsDirectory.GUIDELINES), guidelines);
        }
    }

    /** The materials of paper number {@code index} (from 0) in {@code field}; names are never repeated. */
    SyntheticMaterials generate(ResearchField field, int index) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
        String method = methodName(random, field);
        String title = method + ": " + pick(random, field.topic());
        List<String> baselines = subset(random, field.baselines(), 7 + random.nextInt(4));
        List<String> datasets = subset(random, field.datasets(), Math.min(field.datasets().size(),
                2 + random.nextInt(2)));
        List<String> backbones = subset(random, field.backbones(), 1);
        List<String> components = subset(random, field.components(), 3);
        List<String> setup = new ArrayList<>(baselines);
        setup.addAll(datasets);
        setup.addAll(backbones);
        String idea = idea(random, field, method, title, components, datasets);
        String log = log(random, field, method, baselines, datasets, backbones, components);
        String venue = pick(random, field.venues());
        int pageLimit = field.twoColumn() ? 8 : 9 + random.nextInt(2);
        List<String> sections = List.of("Introduction", "Related Work", pick(random, List.of("Method", "Approach")),
                pick(random, List.of("Experiments", "Evaluation")), "Conclusion");
        return new SyntheticMaterials(method, title, idea, log, template(field, sections),
                guidelines(random, venue, pageLimit, sections), List.copyOf(setup));
    }

    private String methodName(SplittableRandom random, ResearchField field) {
        String name;
        do {
            name = pick(random, SYLLABLES) + pick(random, ENDINGS);
            if (usedNames.contains(name)) {
                name = name + pick(random, SYLLABLES);
            }
        } while (!usedNames.add(name) || field.baselines().contains(name));
        return name;
    }

    private static String idea(SplittableRandom random, ResearchField field, String method, String title,
            List<String> components, List<String> datasets) {
        String mechanism = pick(random, field.mechanisms());
        return "# " + title + "\n\n"
                + "## Problem\n\n" + String.join(" ", subset(random, field.problems(), 2))
                + " The gap this work addresses is a method that stays accurate in that regime without a separate"
                + " model per setting.\n\n"
                + "## Core idea\n\n" + method + " " + mechanism + ". It is built from three parts: the "
                + components.get(0) + ", the " + components.get(1) + " and the " + components.get(2)
                + ". Each part is needed for a different failure: the first for coverage, the second for"
                + " robustness to bad inputs and the third for stability across settings.\n\n"
                + "## Contributions\n\n"
                + "- " + method + ", a method that " + mechanism + ".\n"
                + "- The " + components.get(1) + ", which keeps unreliable inputs from dominating the result.\n"
                + "- An evaluation on " + String.join(" and ", datasets)
                + " against the strongest published methods, with ablations of every part.\n\n"
                + "## Scope\n\n"
                + "The materials are synthetic, generated for a load simulation: the method and its numbers stand"
                + " for a paper's content and report no research.\n";
    }

    private static String log(SplittableRandom random, ResearchField field, String method, List<String> baselines,
            List<String> datasets, List<String> backbones, List<String> components) {
        StringBuilder log = new StringBuilder("# Experimental log: ").append(method).append("\n\n## Setup\n\n");
        log.append("**Datasets**\n\n");
        datasets.forEach(dataset -> log.append("- ").append(dataset).append(": the standard split.\n"));
        log.append("\n**Baselines**\n\n- Baselines: ").append(String.join(", ", baselines)).append(".\n\n");
        log.append("**Architectures**\n\n- Backbone: ").append(backbones.getFirst()).append(".\n\n");
        log.append("**Metrics**\n\n");
        field.metrics().forEach(metric -> log.append("- ").append(metric.name()).append(".\n"));
        log.append("\n## Results\n");
        for (String dataset : datasets) {
            log.append("\n### Comparison with prior methods on ").append(dataset).append("\n\n");
            comparison(random, field.metrics(), method, baselines, log);
        }
        log.append("\n### Ablation of ").append(method).append(" on ").append(datasets.getFirst()).append("\n\n");
        List<String> variants = new ArrayList<>(List.of("Full " + method));
        components.forEach(component -> variants.add("Without the " + component));
        comparison(random, field.metrics(), method, variants.subList(1, variants.size()), log,
                variants.getFirst());
        log.append("\n### Efficiency of ").append(method).append(" against prior methods\n\n");
        comparison(random, EFFICIENCY, method, baselines.subList(0, 4), log);
        ResearchField.Metric metric = field.metrics().getFirst();
        log.append("\n### ").append(metric.name().replaceAll("\\s*[↑↓]", "")).append(" of ").append(method)
                .append(" against ").append(field.sweep().quantity().toLowerCase(Locale.ROOT)).append("\n\n");
        sweep(random, metric, field.sweep(), method, log);
        return log.toString();
    }

    private static void comparison(SplittableRandom random, List<ResearchField.Metric> metrics, String method,
            List<String> rows, StringBuilder log) {
        comparison(random, metrics, method, rows, log, method);
    }

    /** A table of rows by metrics whose last row ({@code best}) is the best in every metric. */
    private static void comparison(SplittableRandom random, List<ResearchField.Metric> metrics, String method,
            List<String> rows, StringBuilder log, String best) {
        log.append("| Method |");
        metrics.forEach(metric -> log.append(' ').append(metric.name()).append(" |"));
        log.append("\n|---|").append("---|".repeat(metrics.size())).append('\n');
        double[][] values = new double[rows.size()][metrics.size()];
        for (int m = 0; m < metrics.size(); m++) {
            ResearchField.Metric metric = metrics.get(m);
            for (int r = 0; r < rows.size(); r++) {
                // baselines in the worse 80% of the range, so the best row has room to be better
                double share = 0.2 + 0.8 * random.nextDouble();
                values[r][m] = metric.lowerIsBetter() ? metric.low() + share * (metric.high() - metric.low())
                        : metric.high() - share * (metric.high() - metric.low());
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            row(log, rows.get(r), values[r], metrics);
        }
        double[] top = new double[metrics.size()];
        for (int m = 0; m < metrics.size(); m++) {
            ResearchField.Metric metric = metrics.get(m);
            double share = 0.05 + 0.1 * random.nextDouble();
            top[m] = metric.lowerIsBetter() ? metric.low() + share * (metric.high() - metric.low())
                    : metric.high() - share * (metric.high() - metric.low());
        }
        row(log, best, top, metrics);
    }

    private static void sweep(SplittableRandom random, ResearchField.Metric metric, ResearchField.Sweep sweep,
            String method, StringBuilder log) {
        log.append("| ").append(sweep.quantity()).append(" | ").append(method).append(" |\n|---|---|\n");
        double share = 0.9;
        for (int value : sweep.values()) {
            share = Math.max(0.05, share - 0.05 - 0.1 * random.nextDouble());
            double figure = metric.lowerIsBetter() ? metric.low() + share * (metric.high() - metric.low())
                    : metric.high() - share * (metric.high() - metric.low());
            log.append("| ").append(value).append(" | ").append(format(figure, metric.decimals())).append(" |\n");
        }
    }

    private static void row(StringBuilder log, String label, double[] values, List<ResearchField.Metric> metrics) {
        log.append("| ").append(label).append(" |");
        for (int m = 0; m < values.length; m++) {
            log.append(' ').append(format(values[m], metrics.get(m).decimals())).append(" |");
        }
        log.append('\n');
    }

    private static String format(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    private static String template(ResearchField field, List<String> sections) {
        String layout = field.twoColumn()
                ? "\\documentclass[10pt,twocolumn,letterpaper]{article}\n"
                        + "\\usepackage[letterpaper,top=1in,bottom=1.125in,left=0.8125in,right=0.8125in,"
                        + "columnsep=0.3125in]{geometry}\n"
                : "\\documentclass[10pt]{article}\n\\usepackage[letterpaper,margin=1in]{geometry}\n";
        return "% Synthetic submission template generated for a load simulation.\n" + layout
                + "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{times}\n"
                + "\\usepackage{graphicx}\n\\usepackage{booktabs}\n\\usepackage{amsmath}\n\\usepackage{amssymb}\n"
                + "\\usepackage{hyperref}\n\n\\title{Title}\n\\author{Anonymous submission}\n\\date{}\n\n"
                + "\\begin{document}\n\n\\maketitle\n\n\\begin{abstract}\nAbstract placeholder.\n\\end{abstract}\n\n"
                + sections.stream().map(section -> "\\section{" + section + "}\n% To be written.\n\n")
                        .collect(java.util.stream.Collectors.joining())
                + "\\bibliographystyle{plain}\n\\bibliography{references}\n\n\\end{document}\n";
    }

    private static String guidelines(SplittableRandom random, String venue, int pageLimit, List<String> sections) {
        LocalDate deadline = LocalDate.of(2024, 9, 1).plusDays(random.nextInt(120));
        return "# Submission guidelines: " + venue + "\n\n"
                + "Synthetic guidelines generated for a load simulation.\n\n"
                + "## Length\n\nPage limit: " + pageLimit + " pages\n\n"
                + "- The limit covers the main text with figures and tables; references do not count.\n\n"
                + "## Mandatory content\n\n"
                + "- Title and a one-paragraph abstract.\n"
                + "- " + String.join(", ", sections.subList(0, sections.size() - 1)).toLowerCase(Locale.ROOT)
                        .replaceFirst("^.", sections.getFirst().substring(0, 1)) + " and "
                        + sections.getLast().toLowerCase(Locale.ROOT) + " sections.\n"
                + "- A reference list; every cited work must appear in it.\n\n"
                + "## Double-blind review\n\n- The submission is anonymous.\n\n"
                + "## Dates\n\n- Full paper submission deadline: " + deadline + "\n";
    }

    private static <T> T pick(SplittableRandom random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** {@code count} distinct values in their list order. */
    private static <T> List<T> subset(SplittableRandom random, List<T> values, int count) {
        List<T> shuffled = new ArrayList<>(values);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            java.util.Collections.swap(shuffled, i, random.nextInt(i + 1));
        }
        List<T> chosen = shuffled.subList(0, Math.min(count, shuffled.size()));
        return values.stream().filter(chosen::contains).toList();
    }
}
