package dev.paperorchestra.bench.testing;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * A source in the reference method's layout, generated: raw materials per paper apart from a directory of venue
 * kits. Two venues with kit names of their own ({@code neurips2025}, {@code acl-long}), each with template.tex, a
 * tiny .sty, guidelines in prose (and acl-long a .bst and an \input file); three papers with sparse and dense
 * ideas (the examples' ideas and logs), author figures with captions (one paper a captions.json, one sidecar
 * .txt files). Two papers lie in their venue's directory ({@code src/neurips2025/<paper>/}), one names its
 * venue in {@code venue.txt}.
 */
public final class ReferenceLayout {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    /** The papers, as their cases are named. */
    public static final String OPTIM = "adaptive-optim";
    public static final String DEPTH = "sparse-depth";
    public static final String FROGS = "frog-calls";

    private ReferenceLayout() {
    }

    /** Writes {@code root/src} (the papers) and {@code root/kits} (the venues). */
    public static void write(Path root) throws IOException {
        Path kits = root.resolve("kits");
        neurips(Files.createDirectories(kits.resolve("neurips2025")));
        acl(Files.createDirectories(kits.resolve("acl-long")));

        Path src = root.resolve("src");
        Path optim = paper(src.resolve("neurips2025").resolve(OPTIM), "iclr-adaptive-optim");
        Files.copy(EXAMPLES.resolve("iclr-adaptive-optim/scholar_records.json"), optim.resolve("scholar_records.json"));
        Files.write(optim.resolve("figures/loss_curves.png"), png(640, 480));
        Files.writeString(optim.resolve("figures/captions.json"), "{\"loss_curves.png\": \"Figure 1: Training loss of "
                + "each optimiser over the first 100 epochs. Shaded bands span three seeds.\"}\n");
        Path reference = Files.createDirectories(optim.resolve("reference"));
        Files.writeString(reference.resolve("paper.tex"), "\\documentclass{article}\\begin{document}"
                + "\\section{Introduction} human text\\end{document}\n");

        Path depth = paper(src.resolve("neurips2025").resolve(DEPTH), "cvpr-sparse-depth");
        Files.write(depth.resolve("figures/qualitative.png"), png(800, 450));
        Files.writeString(depth.resolve("figures/qualitative.txt"), "Depth completed from 500 samples: input, "
                + "baseline and ours, left to right.\n");
        Files.writeString(depth.resolve("job.json"), "{\"pageLimit\": 8, \"ideaVariant\": \"dense\"}");

        Path frogs = paper(src.resolve(FROGS), "ecoacoustics-frog-calls");
        Files.writeString(frogs.resolve("venue.txt"), "acl-long\n");
        Files.write(frogs.resolve("figures/site_map.png"), png(500, 500));
        Files.writeString(frogs.resolve("figures/site_map.txt"), "Recording sites along the two survey transects.");
    }

    /** An idea_dense.md (the example's idea), an idea_sparse.md (its first part), its log, a figures/ directory. */
    private static Path paper(Path dir, String example) throws IOException {
        Files.createDirectories(dir.resolve("figures"));
        String idea = Files.readString(EXAMPLES.resolve(example).resolve("idea.md"));
        Files.writeString(dir.resolve("idea_dense.md"), idea);
        // the sparse idea: the same title and the first sections only, as a short abstract of the method
        int cut = idea.indexOf("\n## ", idea.indexOf("\n## ") + 1);
        Files.writeString(dir.resolve("idea_sparse.md"), cut > 0 ? idea.substring(0, cut) + "\n" : idea);
        Files.copy(EXAMPLES.resolve(example).resolve("experimental_log.md"), dir.resolve("experimental_log.md"));
        return dir;
    }

    private static void neurips(Path kit) throws IOException {
        Files.writeString(kit.resolve("neurips2025.sty"), """
                % A tiny venue style: a header mark on every page and a macro the template uses.
                \\NeedsTeXFormat{LaTeX2e}
                \\ProvidesPackage{neurips2025}[2025/01/01 test kit]
                \\RequirePackage{fancyhdr}
                \\pagestyle{fancy}\\fancyhf{}\\fancyhead[C]{NEURIPSKITMARK}\\fancyfoot[C]{\\thepage}
                \\newcommand{\\venuename}{Test Venue 2025}
                """);
        Files.writeString(kit.resolve("template.tex"), """
                \\documentclass[10pt]{article}
                \\usepackage[T1]{fontenc}
                \\usepackage{times}
                \\usepackage[letterpaper,margin=1in]{geometry}
                \\usepackage[round]{natbib}
                \\usepackage{graphicx}
                \\usepackage{booktabs}
                \\usepackage{amsmath}
                \\usepackage{amssymb}
                \\usepackage{hyperref}
                % the kit's style, where the compile has it beside the paper
                \\IfFileExists{neurips2025.sty}{\\usepackage{neurips2025}}{}
                \\title{Title}
                \\author{Anonymous submission}
                \\date{}
                \\begin{document}
                \\maketitle
                \\begin{abstract}
                Abstract placeholder.
                \\end{abstract}
                \\section{Introduction}
                \\section{Related Work}
                \\section{Method}
                \\section{Experiments}
                \\section{Conclusion}
                \\bibliographystyle{plainnat}
                \\bibliography{references}
                \\end{document}
                """);
        Files.writeString(kit.resolve("guidelines.md"), """
                # Call for papers

                Papers must be prepared with the supplied style file. The main text, including figures and tables,
                must be no longer than nine pages; references and appendices do not count toward the limit. The
                review is double blind: do not name the authors.

                Full paper submission deadline: 2024-10-01, 23:59 Anywhere on Earth.
                """);
    }

    private static void acl(Path kit) throws IOException {
        Files.writeString(kit.resolve("acl-long.sty"), """
                \\NeedsTeXFormat{LaTeX2e}
                \\ProvidesPackage{acl-long}[2025/01/01 test kit]
                \\newcommand{\\aclmark}{ACLKITMARK}
                """);
        Files.writeString(kit.resolve("acl_natbib.bst"), "% a bibliography style of the kit\n");
        Files.writeString(kit.resolve("acl_macros.tex"), "\\newcommand{\\eg}{e.g.,~}\n");
        Files.writeString(kit.resolve("sample.bib"), "@article{sample, title={A Sample}}\n");
        Files.writeString(kit.resolve("README.md"), "How to use this kit.\n");
        // ACL's own kit sets 11pt type in two columns on A4 with 2.5 cm margins; eight pages of content are
        // eight pages of that layout (one column with the article class's wide margins holds well under half)
        Files.writeString(kit.resolve("template.tex"), """
                \\documentclass[11pt,twocolumn]{article}
                \\usepackage[a4paper,margin=2.5cm]{geometry}
                \\usepackage{times}
                \\usepackage[round]{natbib}
                \\usepackage{graphicx}
                \\usepackage{booktabs}
                \\usepackage{amsmath}
                \\IfFileExists{acl-long.sty}{\\usepackage{acl-long}}{}
                \\IfFileExists{acl_macros.tex}{\\input{acl_macros}}{}
                \\title{Title}
                \\author{Anonymous submission}
                \\begin{document}
                \\maketitle
                \\begin{abstract}
                Abstract here.
                \\end{abstract}
                \\section{Introduction}
                \\section{Methods}
                \\section{Results}
                \\section{Discussion}
                \\bibliographystyle{plainnat}
                \\bibliography{references}
                \\end{document}
                """);
        Files.writeString(kit.resolve("guidelines.md"), """
                # ACL long papers

                Long papers may consist of up to eight (8) pages of content, plus unlimited pages for references.
                Ethics statements do not count toward the page limit.
                """);
    }

    /** A small real PNG: a few coloured bars. */
    public static byte[] png(int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        for (int i = 0; i < 4; i++) {
            g.setColor(new Color(40 + 50 * i, 90, 200 - 40 * i));
            int bar = height / 5 * (i + 1);
            g.fillRect(width / 10 + i * width / 5, height - bar, width / 8, bar);
        }
        g.dispose();
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        }
    }
}
