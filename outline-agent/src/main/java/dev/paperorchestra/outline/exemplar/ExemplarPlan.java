package dev.paperorchestra.outline.exemplar;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The section plan the exemplar papers share (outline.json's {@code exemplar_plan}): each exemplar's sections with
 * their share of the text; the merged plan, sections matched by role (a "Proposed Approach" is a method section)
 * in the order the exemplars put them on average, each with its mean share and the exemplars that have it; and
 * which part of the outline each exemplar section shaped ({@code shaped}).
 *
 * @param exemplars what was read from each exemplar
 * @param sections  the merged plan, in order
 * @param shaped    the outline's sections that follow the plan, with the exemplars that shaped them
 */
public record ExemplarPlan(
        @JsonProperty("exemplars") List<Exemplar> exemplars,
        @JsonProperty("sections") List<PlannedSection> sections,
        @JsonProperty("shaped") List<Shaped> shaped) {

    /** One exemplar as read. */
    public record Exemplar(
            @JsonProperty("file") String file,
            @JsonProperty("format") String format,
            @JsonProperty("sections") List<ExemplarSection> sections) {

        public Exemplar {
            sections = List.copyOf(sections);
        }
    }

    /** @param share its share of the exemplar's section text, 0-1 */
    public record ExemplarSection(@JsonProperty("title") String title, @JsonProperty("share") double share) {
    }

    /**
     * @param role      what the section is for ("method", "experiments", ... or its own title, lower case)
     * @param title     the title most exemplars use (the first exemplar's on a tie)
     * @param share     the mean share among the exemplars that have it
     * @param exemplars the exemplar files that have it
     */
    public record PlannedSection(
            @JsonProperty("role") String role,
            @JsonProperty("title") String title,
            @JsonProperty("share") double share,
            @JsonProperty("exemplars") List<String> exemplars) {

        public PlannedSection {
            exemplars = List.copyOf(exemplars);
        }
    }

    /**
     * @param sectionTitle the outline's section_plan entry
     * @param role         the plan's section it follows
     * @param share        the share of the text it is planned for
     * @param exemplars    the exemplar files that shaped it
     */
    public record Shaped(
            @JsonProperty("section_title") String sectionTitle,
            @JsonProperty("role") String role,
            @JsonProperty("share") double share,
            @JsonProperty("exemplars") List<String> exemplars) {

        public Shaped {
            exemplars = List.copyOf(exemplars);
        }
    }

    public ExemplarPlan {
        exemplars = List.copyOf(exemplars);
        sections = List.copyOf(sections);
        shaped = List.copyOf(shaped);
    }

    /** The roles the plan merges sections by, as {@link SectionRole} reads titles, with their names in the plan. */
    private static final Map<SectionRole, String> ROLES = Map.of(SectionRole.ABSTRACT, "abstract",
            SectionRole.INTRODUCTION, "introduction", SectionRole.RELATED_WORK, "related-work",
            SectionRole.METHOD, "method", SectionRole.EXPERIMENTS, "experiments", SectionRole.CONCLUSION,
            "conclusion");

    /**
     * The role of a section title ({@link SectionRole}: "Proposed Approach" is a method, "Background and Related
     * Work" related work), else the title itself in lower case.
     */
    public static String role(String title) {
        String role = ROLES.get(SectionRole.of(title));
        return role != null ? role : SectionRole.normalise(title);
    }

    /** One exemplar's sections as read, by file. */
    public record Read(String file, String format, List<ExemplarSections.Section> sections) {

        public Read {
            sections = List.copyOf(sections);
        }
    }

    /** The plan of these exemplars (in file order), or empty when none has a section. */
    public static Optional<ExemplarPlan> of(List<Read> read) {
        List<Exemplar> exemplars = new ArrayList<>();
        Map<String, List<double[]>> byRole = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> titles = new LinkedHashMap<>();
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (Read one : read) {
            long total = one.sections().stream().mapToLong(ExemplarSections.Section::chars).sum();
            List<ExemplarSection> sections = new ArrayList<>();
            for (int i = 0; i < one.sections().size(); i++) {
                ExemplarSections.Section section = one.sections().get(i);
                double share = total == 0 ? 0 : (double) section.chars() / total;
                sections.add(new ExemplarSection(section.title(), rounded(share)));
                String role = role(section.title());
                if (files.computeIfAbsent(role, r -> new ArrayList<>()).contains(one.file())) {
                    continue;
                }
                files.get(role).add(one.file());
                byRole.computeIfAbsent(role, r -> new ArrayList<>())
                        .add(new double[] {share, (double) i / Math.max(1, one.sections().size() - 1)});
                titles.computeIfAbsent(role, r -> new LinkedHashMap<>()).merge(section.title(), 1, Integer::sum);
            }
            exemplars.add(new Exemplar(one.file(), one.format(), sections));
        }
        if (byRole.isEmpty()) {
            return Optional.empty();
        }
        List<PlannedSection> planned = new ArrayList<>();
        Map<String, Double> position = new LinkedHashMap<>();
        for (Map.Entry<String, List<double[]>> role : byRole.entrySet()) {
            double share = role.getValue().stream().mapToDouble(values -> values[0]).average().orElse(0);
            position.put(role.getKey(), role.getValue().stream().mapToDouble(values -> values[1]).average()
                    .orElse(0));
            String title = titles.get(role.getKey()).entrySet().stream()
                    .max(Comparator.comparingInt(Map.Entry<String, Integer>::getValue)).orElseThrow().getKey();
            planned.add(new PlannedSection(role.getKey(), title, rounded(share), files.get(role.getKey())));
        }
        // a stable sort keeps the first exemplar's order between sections at the same mean position
        planned.sort(Comparator.comparingDouble(section -> position.get(section.role())));
        return Optional.of(new ExemplarPlan(exemplars, planned, List.of()));
    }

    /** The planned section of a role. */
    public Optional<PlannedSection> section(String role) {
        return sections.stream().filter(section -> section.role().equals(role)).findFirst();
    }

    /** This plan with what it shaped. */
    public ExemplarPlan shaping(List<Shaped> parts) {
        return new ExemplarPlan(exemplars, sections, parts);
    }

    /** The position of a role in the plan, or -1. */
    public int order(String role) {
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).role().equals(role)) {
                return i;
            }
        }
        return -1;
    }

    /** "31%": a share as a person reads it. */
    public static String percent(double share) {
        return Math.round(share * 100) + "%";
    }

    private static double rounded(double share) {
        return BigDecimal.valueOf(share).setScale(3, RoundingMode.HALF_UP).doubleValue();
    }
}
