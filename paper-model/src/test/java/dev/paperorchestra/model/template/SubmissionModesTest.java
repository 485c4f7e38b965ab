package dev.paperorchestra.model.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.testing.KitSamples;
import org.junit.jupiter.api.Test;

class SubmissionModesTest {

    private static String turnOn(String preamble) {
        return SubmissionModes.turnOn(TexDocument.parse(preamble + "\n\\begin{document}\nText.\n\\end{document}\n"));
    }

    @Test
    void acmart_gets_review_and_anonymous_beside_its_format() {
        String tex = SubmissionModes.turnOn(TexDocument.parse(KitSamples.source("sample-sigconf.tex")));

        assertThat(TexDocument.parse(tex).documentClass().orElseThrow().options())
                .containsExactly("sigconf", "review", "anonymous");
    }

    @Test
    void cvpr_loses_final_and_gets_review() {
        assertThat(turnOn("\\documentclass[10pt,twocolumn]{article}\n\\usepackage[final]{cvpr}"))
                .contains("\\usepackage[review]{cvpr}").doesNotContain("final");
        assertThat(turnOn("\\documentclass{article}\n\\usepackage{cvpr}")).contains("\\usepackage[review]{cvpr}");
    }

    @Test
    void acl_gets_review_instead_of_final() {
        assertThat(turnOn("\\documentclass[11pt]{article}\n\\usepackage[final]{acl}"))
                .contains("\\usepackage[review]{acl}");
    }

    @Test
    void neurips_icml_and_iclr_lose_their_camera_ready_settings() {
        assertThat(turnOn("\\documentclass{article}\n\\usepackage[final]{neurips_2024}"))
                .contains("\\usepackage{neurips_2024}");
        assertThat(turnOn("\\documentclass{article}\n\\usepackage[accepted]{icml2025}"))
                .contains("\\usepackage{icml2025}");
        assertThat(turnOn("\\documentclass{article}\n\\usepackage{iclr2025_conference,times}\n\\iclrfinalcopy"))
                .doesNotContain("\\iclrfinalcopy").contains("\\usepackage{iclr2025_conference,times}");
    }

    @Test
    void a_kit_in_its_submission_mode_already_and_a_kit_without_one_stay_as_they_are() {
        String review = "\\documentclass{article}\n\\usepackage[review]{cvpr}";
        assertThat(turnOn(review)).startsWith(review);
        String ieee = "\\documentclass[conference]{IEEEtran}";
        assertThat(turnOn(ieee)).startsWith(ieee);
    }

    @Test
    void reads_double_blind_review_from_the_guidelines_words() {
        assertThat(SubmissionModes.doubleBlind("Reviewing is double-blind: remove author names.")).isTrue();
        assertThat(SubmissionModes.doubleBlind("All submissions must be anonymized for review.")).isTrue();
        assertThat(SubmissionModes.doubleBlind("Papers are limited to 8 pages. Reviewing is single-blind."))
                .isFalse();
    }

    @org.junit.jupiter.api.Test
    void an_ieee_journal_goes_to_peer_review_and_a_conference_keeps_its_mode() {
        String journal = "\\documentclass[journal]{IEEEtran}\n\\begin{document}\n\\end{document}\n";
        String conference = "\\documentclass[conference]{IEEEtran}\n\\begin{document}\n\\end{document}\n";

        org.assertj.core.api.Assertions.assertThat(SubmissionModes.turnOn(dev.paperorchestra.model.tex.TexDocument
                .parse(journal))).startsWith("\\documentclass[journal,peerreview]{IEEEtran}");
        org.assertj.core.api.Assertions.assertThat(SubmissionModes.turnOn(dev.paperorchestra.model.tex.TexDocument
                .parse(conference))).isEqualTo(conference);
    }

    @org.junit.jupiter.api.Test
    void a_double_anonymous_review_is_a_double_blind_one() {
        org.assertj.core.api.Assertions.assertThat(SubmissionModes.doubleBlind(
                "Manuscripts are reviewed double-anonymously.")).isTrue();
        org.assertj.core.api.Assertions.assertThat(SubmissionModes.doubleBlind(
                "Reviews are single-blind: authors are named.")).isFalse();
    }

    @org.junit.jupiter.api.Test
    void a_submission_loses_the_camera_ready_settings_whatever_the_review() {
        String quantum = "\\documentclass[a4paper,twocolumn,11pt,accepted=2017-05-09]{quantumarticle}\n"
                + "\\begin{document}\n\\end{document}\n";

        org.assertj.core.api.Assertions.assertThat(SubmissionModes.asSubmission(dev.paperorchestra.model.tex
                .TexDocument.parse(quantum))).startsWith("\\documentclass[a4paper,twocolumn,11pt]{quantumarticle}");
    }
}
