package dev.paperorchestra.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SectionRoleTest {

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Introduction                          | INTRODUCTION
            1. Introduction                       | INTRODUCTION
            II. RELATED WORK                      | RELATED_WORK
            Background and Related Work           | RELATED_WORK
            \\textbf{Method}                      | METHOD
            **Methodology**                       | METHOD
            Materials and Methods                 | METHOD
            Proposed Approach                     | METHOD
            Experimental Setup                    | EXPERIMENTS
            Evaluation                            | EXPERIMENTS
            Results                               | EXPERIMENTS
            Discussion                            | DISCUSSION
            Discussion and Conclusion             | CONCLUSION
            Conclusions and Future Work           | CONCLUSION
            Limitations                           | LIMITATIONS
            Broader Impact                        | ETHICS
            Ethics Statement                      | ETHICS
            Acknowledgment                        | ACKNOWLEDGEMENTS
            References                            | REFERENCES
            Appendix                              | APPENDIX
            Preliminaries                         | BACKGROUND
            Problem Statement                     | BACKGROUND
            Reproducibility Statement             | REPRODUCIBILITY
            Data availability                     | REPRODUCIBILITY
            A Tale of Two Cities                  | OTHER
            """)
    void a_title_has_the_role_its_words_give(String title, SectionRole role) {
        assertThat(SectionRole.of(title)).isEqualTo(role);
    }

    @ParameterizedTest(name = "\"{0}\" is headed \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            results                | Results
            related work           | Related Work
            materials and methods  | Materials and Methods
            **discussion**         | Discussion
            """)
    void a_guidelines_section_name_reads_as_a_heading(String name, String heading) {
        assertThat(SectionRole.heading(name)).isEqualTo(heading);
    }

    @ParameterizedTest(name = "\"{0}\" satisfies a required \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            Experiments         | experiments
            Evaluation          | Experiments
            Our Approach        | method
            Concluding Remarks  | conclusion
            Limitations         | Limitations section
            Data Availability   | data availability
            """)
    void a_section_satisfies_a_requirement_of_its_role(String title, String required) {
        assertThat(SectionRole.satisfies(title, required)).isTrue();
    }

    @ParameterizedTest(name = "\"{0}\" does not satisfy \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            Introduction | conclusion
            Method       | related work
            Results      | limitations
            """)
    void a_section_of_another_role_does_not(String title, String required) {
        assertThat(SectionRole.satisfies(title, required)).isFalse();
    }
}
