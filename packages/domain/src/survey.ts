/**
 * The in-app survey behind 'Help improve Boxyard' (spec 1 §9: 7 questions, 2 minutes). The spec
 * embeds an external form; Boxyard asks the same kind of questions itself and keeps the answers.
 */
export type SurveyQuestion =
  | { id: string; kind: "choice"; label: string; options: readonly string[] }
  | { id: string; kind: "text"; label: string; optional: true };

export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: "usage",
    kind: "choice",
    label: "What do you mainly use Boxyard for?",
    options: ["Work", "Personal projects", "Education"],
  },
  {
    id: "building",
    kind: "choice",
    label: "What do you build most often?",
    options: [
      "Prototypes",
      "Web applications",
      "Libraries and demos",
      "Teaching material",
      "Interviews",
      "Something else",
    ],
  },
  {
    id: "runtime",
    kind: "choice",
    label: "Which do you use more?",
    options: ["Browser sandboxes", "Server devboxes", "Both equally"],
  },
  {
    id: "satisfaction",
    kind: "choice",
    label: "How satisfied are you with Boxyard?",
    options: ["Very unsatisfied", "Unsatisfied", "Neutral", "Satisfied", "Very satisfied"],
  },
  {
    id: "recommend",
    kind: "choice",
    label: "How likely are you to recommend Boxyard to a colleague?",
    options: ["Not likely", "Maybe", "Very likely"],
  },
  {
    id: "improve",
    kind: "choice",
    label: "What should we improve first?",
    options: ["Speed", "The editor", "Collaboration", "Templates", "Pricing", "Something else"],
  },
  { id: "comments", kind: "text", label: "Anything else you would like to tell us?", optional: true },
];

export const SURVEY_COMMENT_MAX = 2000;
export const SURVEY_INCOMPLETE = "Please answer every question.";
