/**
 * The demo's survey link, /graduate-outcomes/survey/{DEMO_SURVEY_TOKEN}: the 6-month survey of Demo
 * University's first made-up graduate, open and unanswered when the demo is made. Well known, as the
 * demo's passwords are; the end-to-end tests answer it.
 */
export const DEMO_SURVEY_TOKEN = "DemoUniversity-graduate-outcomes-survey-six";
