import { CV_SCHEMA_VERSION, CvDocument } from "./document";

/**
 * A realistic two-page CV with every section filled: the tests' fixture (every template must print
 * each of its fields), the benchmark's document, and what a template's thumbnail shows a student who
 * has written nothing yet. Invented person; real kinds of employers and courses.
 */
export const SAMPLE_CV: CvDocument = CvDocument.parse({
  schemaVersion: CV_SCHEMA_VERSION,
  basics: {
    name: "Amara Okafor",
    headline: "Data analyst, MSc Business Analytics",
    email: "amara.okafor@example.com",
    phone: "+447911123456",
    url: "https://amara-okafor.example.com",
    location: { city: "Manchester", region: "Greater Manchester", countryCode: "GB" },
    profiles: [
      { id: "p1", network: "LinkedIn", username: "amaraokafor", url: "https://www.linkedin.com/in/amaraokafor" },
      { id: "p2", network: "GitHub", username: "amara-o", url: "https://github.com/amara-o" },
    ],
  },
  summary:
    "Analyst with two years of experience turning sales and operations data into decisions. I build **reliable dashboards**, clean messy data at scale, and explain results to people who do not read SQL.\n\n- Python, SQL and Power BI every day\n- Eligible to work in the UK on the *Graduate route* until 2028",
  work: [
    {
      id: "w1",
      name: "Northwind Retail Group",
      position: "Graduate Data Analyst",
      location: "Manchester",
      url: "https://northwind.example.com",
      start: "2025-09",
      end: "present",
      summary: "Weekly trading analysis for 140 stores, reported to the commercial director.",
      highlights: [
        "Cut the weekly sales report from two days to two hours by moving it to dbt and Power BI",
        "Forecast seasonal demand for 3,000 product lines, reducing overstock by 8%",
        "Trained 12 store managers to read the new dashboards",
      ],
    },
    {
      id: "w2",
      name: "Lagos Logistics Ltd",
      position: "Operations Analyst",
      location: "Lagos, Nigeria",
      start: "2021-07",
      end: "2024-08",
      summary: "Route and fleet analysis for a delivery business of 90 vans.",
      highlights: [
        "Re-planned delivery routes with open road data, saving 11% of fuel",
        "Built the first company-wide KPI dashboard in Looker Studio",
      ],
    },
  ],
  education: [
    {
      id: "e1",
      institution: "University of Manchester",
      area: "Business Analytics",
      studyType: "MSc",
      location: "Manchester",
      start: "2024-09",
      end: "2025-09",
      score: "Distinction",
      courses: ["Machine learning", "Operations research", "Data visualisation"],
      summary: "Dissertation: predicting store-level demand with gradient-boosted trees.",
    },
    {
      id: "e2",
      institution: "University of Lagos",
      area: "Economics",
      studyType: "BSc",
      location: "Lagos, Nigeria",
      start: "2017-10",
      end: "2021-06",
      score: "First Class Honours",
    },
  ],
  skills: [
    { id: "s1", name: "Data analysis", level: "Expert", keywords: ["Python", "pandas", "SQL", "dbt"] },
    { id: "s2", name: "Visualisation", level: "Advanced", keywords: ["Power BI", "Tableau", "Looker Studio"] },
    { id: "s3", name: "Statistics", level: "Advanced", keywords: ["Regression", "Forecasting", "A/B testing"] },
  ],
  languages: [
    { id: "l1", language: "English", fluency: "Native speaker", cefr: "native" },
    { id: "l2", language: "Yoruba", fluency: "Native speaker", cefr: "native" },
    { id: "l3", language: "French", fluency: "Upper intermediate", cefr: "B2" },
  ],
  projects: [
    {
      id: "pr1",
      name: "Open bus punctuality tracker",
      description: "A public dashboard of bus punctuality in Greater Manchester from open data.",
      highlights: ["Used by 2,000 people a month", "Featured in a local newspaper"],
      keywords: ["Python", "Streamlit"],
      url: "https://github.com/amara-o/bus-punctuality",
      start: "2025-01",
      end: "2025-04",
    },
  ],
  certificates: [
    { id: "c1", name: "Microsoft Certified: Power BI Data Analyst Associate", issuer: "Microsoft", date: "2025-03" },
    { id: "c2", name: "Google Data Analytics Certificate", issuer: "Google", date: "2022-11" },
  ],
  awards: [
    {
      id: "a1",
      title: "Dean's Award for Academic Excellence",
      awarder: "University of Manchester",
      date: "2025-11",
      summary: "Top 5% of the MSc cohort.",
    },
  ],
  volunteer: [
    {
      id: "v1",
      organization: "Code Your Future",
      position: "Volunteer teaching assistant",
      start: "2024-10",
      end: "present",
      summary: "Helping refugees and career changers learn to code, one evening a week.",
      highlights: ["Mentored 6 trainees into their first tech jobs"],
    },
  ],
  publications: [
    {
      id: "pu1",
      name: "Forecasting demand for small retailers with open data",
      publisher: "Manchester Analytics Review",
      releaseDate: "2025-06",
      url: "https://example.com/forecasting-small-retailers",
      summary: "A short practical guide for shop owners.",
    },
  ],
  interests: [
    { id: "i1", name: "Running", keywords: ["Half marathons"] },
    { id: "i2", name: "Chess", keywords: ["Club captain"] },
  ],
  references: {
    mode: "entries",
    entries: [
      {
        id: "r1",
        name: "Dr Helen Price, Senior Lecturer, University of Manchester",
        reference: "helen.price@example.ac.uk",
      },
    ],
  },
  custom: [
    {
      id: "x1",
      title: "Leadership",
      items: [
        {
          id: "x1a",
          title: "President, African Students' Society",
          subtitle: "University of Manchester",
          start: "2024-10",
          end: "2025-06",
          summary: "Ran a society of 400 members and a careers fair with 15 employers.",
        },
      ],
    },
  ],
  order: [],
  hidden: [],
  settings: { template: "uk", paper: "A4", accent: "#1d4ed8", font: "sans", dateFormat: "MMM YYYY" },
});
