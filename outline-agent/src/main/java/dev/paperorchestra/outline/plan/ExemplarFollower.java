package dev.paperorchestra.outline.plan;

import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import dev.paperorchestra.outline.plan.Outline.SectionPlan;
import dev.paperorchestra.outline.plan.Outline.SubsectionPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The offline outliner following the exemplars' section plan: the section_plan entries whose role the plan has
 * take the plan's order (in the slots they held, so the others stay where they were), each section with
 * subsections gets the share of the text the exemplars give it, and the plan records which exemplars shaped which
 * entry. Deterministic: the same exemplars give the same outline.
 */
public final class ExemplarFollower {

    /**
     * @param sectionPlan the section plan as followed
     * @param plan        the exemplar plan with what it shaped
     */
    public record Followed(List<SectionPlan> sectionPlan, ExemplarPlan plan) {
    }

    private ExemplarFollower() {
    }

    public static Followed follow(List<SectionPlan> sections, ExemplarPlan plan) {
        List<Integer> slots = new ArrayList<>();
        List<SectionPlan> matched = new ArrayList<>();
        for (int i = 0; i < sections.size(); i++) {
            if (plan.order(ExemplarPlan.role(sections.get(i).sectionTitle())) >= 0) {
                slots.add(i);
                matched.add(sections.get(i));
            }
        }
        matched.sort(Comparator.comparingInt(section -> plan.order(ExemplarPlan.role(section.sectionTitle()))));
        List<SectionPlan> followed = new ArrayList<>(sections);
        List<ExemplarPlan.Shaped> shaped = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            SectionPlan section = matched.get(i);
            ExemplarPlan.PlannedSection planned = plan.section(ExemplarPlan.role(section.sectionTitle()))
                    .orElseThrow();
            followed.set(slots.get(i), withShare(section, planned));
            shaped.add(new ExemplarPlan.Shaped(section.sectionTitle(), planned.role(), planned.share(),
                    planned.exemplars()));
        }
        return new Followed(followed, plan.shaping(shaped));
    }

    private static SectionPlan withShare(SectionPlan section, ExemplarPlan.PlannedSection planned) {
        if (section.subsections().isEmpty()) {
            return section;
        }
        List<SubsectionPlan> subsections = new ArrayList<>(section.subsections());
        SubsectionPlan first = subsections.getFirst();
        List<String> bullets = new ArrayList<>(first.contentBullets());
        bullets.add("keep the section \"" + section.sectionTitle() + "\" to about " + ExemplarPlan.percent(
                planned.share()) + " of the paper's section text, as in the exemplars "
                + planned.exemplars().stream().collect(Collectors.joining(", ")));
        subsections.set(0, new SubsectionPlan(first.subsectionTitle(), bullets, first.citationHints()));
        return new SectionPlan(section.sectionTitle(), subsections);
    }
}
