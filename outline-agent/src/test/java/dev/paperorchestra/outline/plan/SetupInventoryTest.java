package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.outline.plan.SetupInventory.Group;
import dev.paperorchestra.outline.plan.SetupInventory.Kind;
import dev.paperorchestra.outline.testing.Examples;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SetupInventoryTest {

    @Test
    void reads_labelled_bullets_of_the_setup_section() {
        SetupInventory setup = SetupInventory.parse("""
                # Log
                ## Experimental setup
                - Datasets: KITTI Depth Completion (official split) and NYU Depth v2.
                - Baselines: NLSPN; CompletionFormer — a transformer method
                - Metrics: RMSE, MAE
                - Hardware: 4 NVIDIA A100 GPUs
                ## Results
                - Baselines: NotASetupName
                """, Set.of());

        assertThat(setup.names(Kind.DATASET)).containsExactly("KITTI Depth Completion", "NYU Depth v2");
        assertThat(setup.names(Kind.BASELINE)).containsExactly("NLSPN", "CompletionFormer");
        assertThat(setup.names(Kind.METRIC)).containsExactly("RMSE", "MAE");
        assertThat(setup.citableNames()).doesNotContain("NotASetupName").noneMatch(name -> name.contains("A100"));
    }

    @Test
    void reads_one_name_per_bullet_under_a_label_line() {
        SetupInventory setup = SetupInventory.parse("""
                ## Setup
                **Baselines**

                - NLSPN: non-local spatial propagation.
                - PENet: a two-branch network.
                """, Set.of());

        assertThat(setup.names(Kind.BASELINE)).containsExactly("NLSPN", "PENet");
    }

    @Test
    void makes_a_family_of_a_bullet_that_lists_its_members() {
        SetupInventory setup = SetupInventory.parse("""
                ## Setup
                ### Baselines
                - Depth completion methods: Sparse-to-Dense (ResNet-50), CSPN and NLSPN. Each is retrained.
                """, Set.of());

        assertThat(setup.groups()).first().isEqualTo(
                new Group("Depth completion methods", Kind.BASELINE, true, java.util.List.of("Sparse-to-Dense", "CSPN",
                        "NLSPN")));
        assertThat(setup.citableNames()).contains("ResNet-50");
    }

    @Test
    void joins_bullets_wrapped_over_several_lines() {
        SetupInventory setup = SetupInventory.parse("""
                ## Setup
                - Baselines: BTS, AdaBins,
                  DPT-Hybrid and NeWCRFs.
                """, Set.of());

        assertThat(setup.names(Kind.BASELINE)).containsExactly("BTS", "AdaBins", "DPT-Hybrid", "NeWCRFs");
    }

    @Test
    void ignores_hyper_parameters_and_prose() {
        SetupInventory setup = SetupInventory.parse("""
                ## Setup
                - Optimiser: AdamW, learning rate 1e-4, weight decay 0.01, batch size 16 on 8 GPUs.
                - Schedule: 40 epochs on each dataset.
                """, Set.of());

        assertThat(setup.citableNames()).containsExactly("AdamW");
    }

    @Test
    void never_names_the_papers_own_method() {
        SetupInventory setup = SetupInventory.parse("""
                ## Setup
                - Baselines: NLSPN and GlimpseDepth-Lite, while GlimpseDepth is one model.
                """, Set.of("GlimpseDepth"));

        assertThat(setup.citableNames()).contains("NLSPN").doesNotContain("GlimpseDepth");
    }

    @Test
    void without_a_setup_section_trusts_only_labels_that_say_what_they_are() {
        SetupInventory setup = SetupInventory.parse("""
                # Log
                - Datasets: CIFAR-10
                - Notes: Something Important
                """, Set.of());

        assertThat(setup.citableNames()).containsExactly("CIFAR-10");
    }

    @Test
    void reads_only_the_first_sentence_of_a_bullet() {
        assertThat(SetupInventory.namesIn("BTS vs. AdaBins and NLSPN. Each Baseline Is Retrained"))
                .containsExactly("BTS", "AdaBins", "NLSPN");
    }

    @Test
    void tells_names_from_prose() {
        assertThat(SetupInventory.looksLikeName("NYU Depth v2")).isTrue();
        assertThat(SetupInventory.looksLikeName("RMSE log")).isTrue();
        assertThat(SetupInventory.looksLikeName("Adam")).isTrue();
        assertThat(SetupInventory.looksLikeName("Sparse measurements")).isFalse();
        assertThat(SetupInventory.looksLikeName("one NVIDIA A100 GPU")).isFalse();
        assertThat(SetupInventory.looksLikeName("NeWCRFs + LS align")).isFalse();
        assertThat(SetupInventory.looksLikeName("1e-4")).isFalse();
        assertThat(SetupInventory.looksLikeName("12M")).isFalse();
    }

    @Test
    void reads_the_cvpr_example_setup() throws IOException {
        SetupInventory setup = SetupInventory.parse(Files.readString(Examples.CVPR.resolve("experimental_log.md")),
                Set.of("GlimpseDepth"));

        assertThat(setup.names(Kind.DATASET)).containsExactly("NYU Depth v2", "KITTI");
        assertThat(setup.groups()).filteredOn(Group::family).extracting(Group::label)
                .containsExactly("Monocular methods", "Depth completion methods");
        assertThat(setup.names(Kind.OPTIMIZER)).containsExactly("AdamW");
        assertThat(setup.citableNames()).contains("Swin-L", "ImageNet-22k", "DenseNet-161", "EfficientNet-B5")
                .doesNotContain("GlimpseDepth", "Sparse measurements", "RGB-D");
    }
}
