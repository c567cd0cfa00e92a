import type { JobType, SponsorshipStatus } from "~/db/schema/job-posting-values";

// The SEO landing pages: each a pre-filtered job list with its own copy. Data only (the page's
// route and the server helper read it), so the copy can be checked by tests against the rule data.

/** A run of text, or a link: an internal path ("/jobs") or an official page (https://…). */
export type Inline = string | { text: string; href: string };
export type Paragraph = readonly Inline[];
export type Faq = { question: string; answer: Paragraph };

/**
 * Which open jobs a page lists: the fields /jobs also takes (so the page can link the same search),
 * plus `within` some job types and `occupations`, SOC 2020 code prefixes (a unit group, or a minor
 * group of three digits), which /jobs cannot express.
 */
export type LandingFilter = {
  location?: string;
  type?: JobType;
  sponsorship?: SponsorshipStatus;
  within?: readonly JobType[];
  occupations?: readonly string[];
};

export type FairEvent = {
  name: string;
  /** ISO 8601 with the offset of India Standard Time, as schema.org's Event takes them. */
  startDate: string;
  endDate: string;
  /** The same moments for people; a test checks they agree with the ISO times. */
  day: string;
  indiaTime: string;
  ukTime: string;
  summary: string;
  sections: readonly { heading: string; items: readonly Paragraph[] }[];
};

export type LandingPage = {
  path: string;
  /** The h1: the route table's title of the path. */
  heading: string;
  title: string;
  description: string;
  intro: readonly [Paragraph, Paragraph];
  jobsHeading: string;
  /** What the list holds, in a sentence or two. */
  listNote: Paragraph;
  filter: LandingFilter;
  /** The text of the link to the nearest /jobs search when /jobs cannot list exactly these jobs. */
  widerLabel?: string;
  faq: readonly Faq[];
  /** The day the copy's rules were last checked against their sources (ISO date). */
  checkedOn: string;
  event?: FairEvent;
};

export const CHECKED_ON = "2026-11-23";

/** Official pages the copy cites. */
const GOV = {
  skilledWorker: "https://www.gov.uk/skilled-worker-visa",
  yourJob: "https://www.gov.uk/skilled-worker-visa/your-job",
  paidLess: "https://www.gov.uk/skilled-worker-visa/when-you-can-be-paid-less",
  eligibleOccupations: "https://www.gov.uk/government/publications/skilled-worker-visa-eligible-occupations",
  skilledOccupations: "https://www.gov.uk/guidance/immigration-rules/immigration-rules-appendix-skilled-occupations",
  hc997:
    "https://assets.publishing.service.gov.uk/media/68629c9b3464d9c0ad609d33/E03394848_-_HC_997_-_Immigration_Rules_Changes__Web_Accessible_.pdf",
  register: "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers",
  studentWork: "https://www.gov.uk/student-visa",
  graduate: "https://www.gov.uk/graduate-visa",
  interns: "https://www.gov.uk/employment-rights-for-interns",
} as const;

const link = (text: string, href: string) => ({ text, href });

/** SOC 2020 unit groups of each field. Chosen by what the work is, not by job titles; docs/features/jobs.md says why. */
export const FINANCE_OCCUPATIONS = ["1131", "2421", "2422", "2423", "3531", "3532", "3533", "3534"] as const;
export const MARKETING_OCCUPATIONS = ["2432", "2494", "3554"] as const;
/** Minor group 241 (barristers and judges, solicitors and lawyers, other legal professionals) and legal associate professionals. */
export const LAW_OCCUPATIONS = ["241", "3520"] as const;

// Answers several pages share, each with its sources.
const STUDENT_HOURS: Paragraph = [
  "On a Student visa for a course at degree level you can usually work at most 20 hours a week during term time, and full time during your university's official vacations. Your visa may allow fewer hours: your eVisa or BRP says. See ",
  link("GOV.UK: what you can and cannot do with a Student visa", GOV.studentWork),
  ".",
];

const SPONSOR_CHECK: Faq = {
  question: "How can I check that an employer can sponsor a visa?",
  answer: [
    "Only an employer with a sponsor licence from the Home Office can give you the certificate of sponsorship a Skilled Worker visa needs (",
    link("GOV.UK: Skilled Worker visa", GOV.skilledWorker),
    "). Every licensed employer is on the Home Office's ",
    link("register of licensed sponsors", GOV.register),
    ", which our ",
    link("sponsor licence checker", "/uk-work-visa-sponsor-licence-check"),
    " searches by name and town. A licence means the employer can sponsor, not that it will for every job: ask early.",
  ],
};

const SALARY_RULE: Faq = {
  question: "How much must a sponsored job pay?",
  answer: [
    "For a new Skilled Worker application with a certificate of sponsorship issued from 22 July 2025, the salary must usually be at least £41,700 a year and at least the going rate for the job's occupation code, whichever is higher (",
    link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
    "). Going rates are set for a 37.5-hour week and are pro-rated to the hours you work; the £41,700 is not (",
    link("Statement of Changes HC 997", GOV.hc997),
    ").",
  ],
};

const NEW_ENTRANT: Faq = {
  question: "Can a recent graduate be sponsored on a lower salary?",
  answer: [
    "Yes, as a new entrant: at least £33,400 a year and at least 70% of the going rate (",
    link("Statement of Changes HC 997", GOV.hc997),
    "). You can count as a new entrant if, for example, you are switching from a Student visa or the Graduate visa, or you are under 26 when you apply; the lower rate can be used for a limited time only. The conditions are on ",
    link("GOV.UK: when you can be paid less", GOV.paidLess),
    ".",
  ],
};

const LABELS: Faq = {
  question: "What do the sponsorship labels on each job mean?",
  answer: [
    '"Likely eligible for sponsorship" means the job\'s occupation and the bottom of its advertised pay meet the Skilled Worker rules as a general offer, at an employer with an A-rated Skilled Worker licence. "Eligible at the new-entrant rate" means they meet only the lower rate for new entrants. The job\'s page gives the reasons and the rules it was checked against (',
    link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
    "). It is our reading of the advert, not a promise: the employer decides whether to sponsor, and the Home Office decides the visa.",
  ],
};

const GRADUATE_VISA: Faq = {
  question: "Can I stay in the UK to work after my degree?",
  answer: [
    "If you successfully complete an eligible course on a Student visa, the Graduate visa lets you stay and work, or look for work, without an employer sponsoring you. You must apply from inside the UK, before your Student visa expires, once your university has told the Home Office you have completed the course (",
    link("GOV.UK: Graduate visa", GOV.graduate),
    "). Many graduates use it to gain experience before switching to a Skilled Worker visa with a sponsoring employer.",
  ],
};

const INTERNSHIP_ON_STUDENT_VISA: Faq = {
  question: "Can I do a full-time internship on a Student visa?",
  answer: [
    ...STUDENT_HOURS,
    " A full-time internship therefore has to fall in your university's vacation. If the internship is an assessed part of your course, ask your university's international student advisers how it counts.",
  ],
};

const INTERN_PAY: Faq = {
  question: "Should an internship be paid?",
  answer: [
    "An intern who counts as a worker is usually entitled to at least the National Minimum Wage, whatever the role is called; ",
    link("GOV.UK: employment rights and pay for interns", GOV.interns),
    " explains when an intern counts as a worker. The internships in this list give their pay on each job's page where the advert states it.",
  ],
};

const APPLICATIONS: Faq = {
  question: "How do I prepare my applications?",
  answer: [
    "UK employers expect a short CV without a photo or date of birth, tailored to the role: our guide to ",
    link("writing a UK-style CV", "/blog/uk-cv-for-international-students"),
    " shows how. Large employers often add online tests, a video interview and an assessment centre; read ",
    link("what to expect at an assessment centre", "/blog/assessment-centres-what-to-expect"),
    " and ",
    link("how to answer competency questions", "/blog/star-method-competency-interviews"),
    ".",
  ],
};

export const LANDING_PAGES: readonly LandingPage[] = [
  {
    path: "/jobs-in-london",
    heading: "Jobs in London",
    title: "Jobs in London for international students",
    description:
      "Open jobs in London, each with a visa sponsorship check, and what an international student needs to know to work in London during and after a degree.",
    intro: [
      [
        "London has the largest job market in the UK and the head offices of many of its banks, law firms, agencies and public bodies. For an international student the question is rarely whether there are jobs, but which of them you can take on your visa, and when.",
      ],
      [
        "While you study, a Student visa limits your working hours in term time (",
        link("GOV.UK", GOV.studentWork),
        "). After your degree, the ",
        link("Graduate visa", GOV.graduate),
        " lets you work without a sponsor, and a ",
        link("Skilled Worker visa", GOV.skilledWorker),
        " needs an employer with a sponsor licence. So every job below shows our sponsorship check.",
      ],
    ],
    jobsHeading: "Latest jobs in London",
    listNote: ["Open jobs whose town or region is London, of every type, newest first."],
    filter: { location: "London" },
    faq: [
      {
        question: "Can I work in London while I study?",
        answer: [
          ...STUDENT_HOURS,
          " Our ",
          link("part-time jobs list", "/part-time-jobs"),
          " marks whether each job's hours fit.",
        ],
      },
      SALARY_RULE,
      SPONSOR_CHECK,
      LABELS,
      GRADUATE_VISA,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/jobs-in-london-finance",
    heading: "Finance jobs in London",
    title: "Finance jobs in London for international students",
    description:
      "Accounting, investment, tax, broking and insurance jobs in London, each checked for Skilled Worker sponsorship, with the going rates that apply.",
    intro: [
      [
        "The City and Canary Wharf make London the centre of UK banking, insurance and financial services, and the large accounting firms run their biggest offices here. This list holds open finance jobs in London chosen by occupation rather than by keywords: accountants, finance and investment analysts and advisers, tax specialists, financial managers, brokers, insurance underwriters, accounting technicians and financial accounts managers.",
      ],
      [
        "Most of these occupations are in Table 1 of ",
        link("Appendix Skilled Occupations", GOV.skilledOccupations),
        ", so a London offer can be sponsored if it pays enough, and each has its own going rate. Insurance underwriters and accounting technicians are in Table 1a, which new applicants can use only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
        link("HC 997", GOV.hc997),
        ").",
      ],
    ],
    jobsHeading: "Latest finance jobs in London",
    listNote: [
      "Open jobs in London in SOC 2020 occupations 1131, 2421, 2422, 2423, 3531, 3532, 3533 and 3534, newest first.",
    ],
    filter: { location: "London", occupations: FINANCE_OCCUPATIONS },
    widerLabel: "Search every job in London",
    faq: [
      {
        question: "Which finance jobs can be sponsored on a Skilled Worker visa?",
        answer: [
          "Since 22 July 2025 a new applicant's job must usually be in Table 1 of ",
          link("Appendix Skilled Occupations", GOV.skilledOccupations),
          " (graduate level, RQF 6 and above). Financial managers and directors (1131), chartered and certified accountants (2421), finance and investment analysts and advisers (2422), taxation experts (2423), brokers (3531) and financial accounts managers (3534) are in Table 1. Insurance underwriters (3532) and financial and accounting technicians (3533) are in Table 1a: open to new applicants only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
          link("HC 997", GOV.hc997),
          ").",
        ],
      },
      {
        question: "What salary does a sponsored finance job need?",
        answer: [
          "At least £41,700 a year and the occupation's going rate, whichever is higher (",
          link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
          "). The going rate is £45,800 for finance and investment analysts and advisers (2422), £49,200 for chartered and certified accountants (2421) and £48,500 for taxation experts (2423), for 37.5 hours a week (",
          link("HC 997, Table 1", GOV.hc997),
          "). A new entrant needs at least £33,400 and 70% of the going rate.",
        ],
      },
      NEW_ENTRANT,
      {
        question: "Does the job title decide the occupation?",
        answer: [
          "No. The occupation code describes the duties of the job, and it decides the going rate; the same title can fit different codes. An analyst who advises on investments and one who keeps the accounts may be in different occupations with different rates. Each job's page shows the code it was given, and ",
          link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
          " explains how to find yours.",
        ],
      },
      SPONSOR_CHECK,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/finance-internships-in-london",
    heading: "Finance internships in London",
    title: "Finance internships in London for international students",
    description:
      "Open finance internships in London, and how the Student visa's work limits shape term-time and summer internships at banks, insurers and accounting firms.",
    intro: [
      [
        "Banks, insurers and accounting firms in London use internships to find their graduate hires, and many fill a good part of their graduate intake from their own interns. This list holds open internships in London in finance occupations: accounting, investment and financial analysis, tax, broking, insurance and financial management.",
      ],
      [
        "On a Student visa an internship is work like any other job: at degree level, at most 20 hours a week in term time and full time in your university's official vacations (",
        link("GOV.UK", GOV.studentWork),
        "). That is why most finance internships for students run over the summer: check the dates against your university's vacation before you accept.",
      ],
    ],
    jobsHeading: "Latest finance internships in London",
    listNote: [
      "Open internships in London in SOC 2020 occupations 1131, 2421, 2422, 2423, 3531, 3532, 3533 and 3534, newest first.",
    ],
    filter: { location: "London", type: "internship", occupations: FINANCE_OCCUPATIONS },
    widerLabel: "Search every internship in London",
    faq: [
      INTERNSHIP_ON_STUDENT_VISA,
      {
        question: "Can a finance internship lead to a sponsored job?",
        answer: [
          "It can, if the employer holds a Skilled Worker licence and the graduate job it offers meets the rules: an eligible occupation, such as accountant (2421) or finance and investment analyst (2422), and a salary of at least £41,700 and the going rate, or, for a new entrant such as a graduate switching from a Student visa, at least £33,400 and 70% of the going rate (",
          link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
          "; ",
          link("when you can be paid less", GOV.paidLess),
          "). Check the employer on the ",
          link("register of licensed sponsors", GOV.register),
          " before you apply.",
        ],
      },
      {
        question: "When should I apply for a finance summer internship?",
        answer: [
          "Early. Many large banks and accounting firms open applications for the next summer in the autumn and fill places as good applicants come in, so an application in September or October of your penultimate year stands a better chance than one near the deadline. Smaller firms recruit later and less formally. Our comparison of ",
          link("graduate schemes and jobs at smaller employers", "/blog/graduate-schemes-vs-sme-jobs"),
          " covers both.",
        ],
      },
      APPLICATIONS,
      INTERN_PAY,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/visa-sponsored-jobs-in-london",
    heading: "Visa-sponsored jobs in London",
    title: "Visa-sponsored jobs in London: Skilled Worker roles",
    description:
      "London jobs likely to qualify for a Skilled Worker visa: an eligible occupation and pay that meets the rules, at an employer with an A-rated sponsor licence.",
    intro: [
      [
        "These are open London jobs that pass our Skilled Worker check as a general offer: the occupation is one a new applicant can be sponsored in, the bottom of the advertised salary meets the general threshold and the going rate (",
        link("GOV.UK: your job", GOV.yourJob),
        "), and the employer holds an A-rated Skilled Worker licence on the Home Office ",
        link("register of licensed sponsors", GOV.register),
        ".",
      ],
      [
        "A job that reaches only the lower rate for new entrants is not listed here, although it may suit you if you are switching from a Student or Graduate visa (",
        link("GOV.UK: when you can be paid less", GOV.paidLess),
        "): see ",
        link("London jobs eligible at the new-entrant rate", "/jobs?location=London&sponsorship=new-entrant"),
        ". Our check reads the advert; the employer decides whether to sponsor, and the Home Office decides the visa.",
      ],
    ],
    jobsHeading: "Latest visa-sponsored jobs in London",
    listNote: ['Open jobs in London marked "Likely eligible for sponsorship", newest first.'],
    filter: { location: "London", sponsorship: "likely" },
    faq: [
      LABELS,
      SALARY_RULE,
      {
        question: "Which occupations can be sponsored?",
        answer: [
          "For a certificate of sponsorship issued from 22 July 2025, a new applicant's occupation must usually be in Table 1 of ",
          link("Appendix Skilled Occupations", GOV.skilledOccupations),
          " (graduate level, RQF 6 and above), or on the Immigration Salary List, or on the Temporary Shortage List, which covers only certificates issued before 31 December 2026 (",
          link("HC 997", GOV.hc997),
          "). GOV.UK lists the ",
          link("eligible occupations and their codes", GOV.eligibleOccupations),
          ".",
        ],
      },
      NEW_ENTRANT,
      SPONSOR_CHECK,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/uk-visa-sponsored-jobs",
    heading: "UK visa-sponsored jobs",
    title: "UK visa-sponsored jobs for international graduates",
    description:
      "Jobs across the UK likely to qualify for a Skilled Worker visa, checked against the Home Office rules and its register of licensed sponsors.",
    intro: [
      [
        "Sponsored jobs are not only in London: engineering firms, hospitals, universities, software companies and manufacturers across the UK hold sponsor licences. This list holds open jobs anywhere in the UK that pass our Skilled Worker check as a general offer: an eligible occupation, the bottom of the advertised pay at or above the general threshold and the going rate, and an employer with an A-rated licence (",
        link("GOV.UK: Skilled Worker visa", GOV.skilledWorker),
        ").",
      ],
      [
        "Jobs that meet only the lower rate for new entrants, such as graduates switching from a Student or Graduate visa (",
        link("GOV.UK: when you can be paid less", GOV.paidLess),
        "), are listed separately: see ",
        link("jobs eligible at the new-entrant rate", "/jobs?sponsorship=new-entrant"),
        ". Our check reads each advert; the employer decides whether to sponsor, and the Home Office decides the visa.",
      ],
    ],
    jobsHeading: "Latest visa-sponsored jobs in the UK",
    listNote: ['Open jobs in the UK marked "Likely eligible for sponsorship", newest first.'],
    // `likely` is only ever given to a job in the UK (a job elsewhere is `unknown`), so no place filter is needed.
    filter: { sponsorship: "likely" },
    faq: [
      {
        question: "What is the Skilled Worker visa?",
        answer: [
          "The UK's main work visa for someone with a job offer from an employer the Home Office has licensed to sponsor workers. You need a certificate of sponsorship from the employer, a job in an eligible occupation and a salary that meets the rules, among other requirements (",
          link("GOV.UK: Skilled Worker visa", GOV.skilledWorker),
          ").",
        ],
      },
      SALARY_RULE,
      NEW_ENTRANT,
      SPONSOR_CHECK,
      LABELS,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/marketing-jobs-in-london",
    heading: "Marketing jobs in London",
    title: "Marketing jobs in London for international students",
    description:
      "Marketing and advertising jobs in London with a sponsorship check on each, and which marketing occupations the Skilled Worker rules accept.",
    intro: [
      [
        "London is home to most of the UK's large advertising agencies and to the marketing teams of many national brands. This list holds open London jobs in three marketing occupations: marketing and commercial managers, advertising account managers and creative directors, and advertising and marketing associate professionals such as marketing executives and market researchers.",
      ],
      [
        "The occupation matters for sponsorship. Marketing managers (2432) and advertising account managers (2494) are in Table 1 of ",
        link("Appendix Skilled Occupations", GOV.skilledOccupations),
        ", open to new Skilled Worker applicants. Marketing executives (3554) are in Table 1a: open to new applicants only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
        link("HC 997", GOV.hc997),
        ").",
      ],
    ],
    jobsHeading: "Latest marketing jobs in London",
    listNote: ["Open jobs in London in SOC 2020 occupations 2432, 2494 and 3554, newest first."],
    filter: { location: "London", occupations: MARKETING_OCCUPATIONS },
    widerLabel: "Search every job in London",
    faq: [
      {
        question: "What salary does a sponsored marketing job need?",
        answer: [
          "At least £41,700 a year and the occupation's going rate, whichever is higher (",
          link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
          "): the going rate is £50,100 for marketing and commercial managers (2432) and £46,000 for advertising accounts managers and creative directors (2494), for 37.5 hours a week. A new entrant needs at least £33,400 and 70% of the going rate, £35,000 for a marketing manager (",
          link("HC 997, Table 1", GOV.hc997),
          ").",
        ],
      },
      {
        question: "Why can a marketing executive job be marked differently from a marketing manager job?",
        answer: [
          "Because they are different occupations. Marketing executives are usually advertising and marketing associate professionals (3554), which is in Table 1a: a new applicant can be sponsored in it only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
          link("HC 997", GOV.hc997),
          "). Marketing managers (2432) are in Table 1 (",
          link("Appendix Skilled Occupations", GOV.skilledOccupations),
          "). The duties decide the code, not the title.",
        ],
      },
      NEW_ENTRANT,
      {
        question: "Can I work in marketing while I study?",
        answer: [...STUDENT_HOURS, " Agencies and brands often take students part time or over the summer."],
      },
      SPONSOR_CHECK,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/internships-in-london",
    heading: "Internships in London",
    title: "Internships in London for international students",
    description:
      "Open internships in London in every field, and how the Student visa's 20-hour term-time limit decides when you can take one.",
    intro: [
      [
        "An internship in London gives you UK work experience for your CV, people who can vouch for you and, often, a way into an employer's graduate intake. This list holds every open internship in London on our job board, in any field, newest first.",
      ],
      [
        "On a Student visa at degree level you may work at most 20 hours a week in term time and full time in your university's official vacations (",
        link("GOV.UK", GOV.studentWork),
        "), so a full-time internship has to sit in the vacation. After your course, the ",
        link("Graduate visa", GOV.graduate),
        " lets you work without a sponsor, so an internship can then run at any time of year.",
      ],
    ],
    jobsHeading: "Latest internships in London",
    listNote: ["Open internships whose town or region is London, newest first."],
    filter: { location: "London", type: "internship" },
    faq: [
      INTERNSHIP_ON_STUDENT_VISA,
      INTERN_PAY,
      {
        question: "Can an internship lead to a sponsored job?",
        answer: [
          "It can, when the employer holds a Skilled Worker licence and the job it offers after your degree meets the rules on occupation and salary (",
          link("GOV.UK: Skilled Worker visa, your job", GOV.yourJob),
          "). A graduate switching from a Student visa can usually be paid the lower new-entrant rate (",
          link("GOV.UK: when you can be paid less", GOV.paidLess),
          "). Ask about sponsorship before the internship ends, not after.",
        ],
      },
      GRADUATE_VISA,
      APPLICATIONS,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/internships-in-uk",
    heading: "Internships in the UK",
    title: "Internships in the UK for international students",
    description:
      "Open internships across the UK, newest first, and when a Student visa lets you take a full-time internship.",
    intro: [
      [
        "Internships are not only a London affair: engineering firms, manufacturers, software companies, hospitals and public bodies across the UK take interns, often with less competition for each place than in the capital. This list holds every open internship on our job board, anywhere in the UK.",
      ],
      [
        "The Student visa sets when you can take one: at degree level at most 20 hours a week in term time and full time in your university's official vacations (",
        link("GOV.UK", GOV.studentWork),
        "). Spring and summer vacations are when most full-time internships for students happen.",
      ],
    ],
    jobsHeading: "Latest internships in the UK",
    listNote: ["Open internships anywhere, newest first."],
    filter: { type: "internship" },
    faq: [
      INTERNSHIP_ON_STUDENT_VISA,
      INTERN_PAY,
      GRADUATE_VISA,
      {
        question: "Are internships outside London worth applying for?",
        answer: [
          "Yes. Employers outside London often recruit nearer their start dates and from fewer applicants, and the experience counts just as much on a CV. Living costs are usually lower too. If sponsorship matters to you later, check whether the employer is on the ",
          link("register of licensed sponsors", GOV.register),
          "; many regional employers are.",
        ],
      },
      APPLICATIONS,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/marketing-internships-in-london",
    heading: "Marketing internships in London",
    title: "Marketing internships in London for international students",
    description:
      "Open marketing and advertising internships in London, and what the Student visa and the Skilled Worker rules mean for a career in marketing.",
    intro: [
      [
        "Agencies, brands and start-ups in London take marketing interns for social media, content, campaigns, research and analytics. A portfolio of real work, even a small one, counts for a lot in marketing applications. This list holds open internships in London in marketing and advertising occupations.",
      ],
      [
        "On a Student visa a full-time internship has to fall in your university's official vacations: in term time you may work at most 20 hours a week at degree level (",
        link("GOV.UK", GOV.studentWork),
        "). If you hope to be sponsored later, the occupation matters. Marketing manager roles (2432) are in Table 1 of ",
        link("Appendix Skilled Occupations", GOV.skilledOccupations),
        ". Marketing executive roles (3554) are in Table 1a, open to new applicants only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
        link("HC 997", GOV.hc997),
        ").",
      ],
    ],
    jobsHeading: "Latest marketing internships in London",
    listNote: ["Open internships in London in SOC 2020 occupations 2432, 2494 and 3554, newest first."],
    filter: { location: "London", type: "internship", occupations: MARKETING_OCCUPATIONS },
    widerLabel: "Search every internship in London",
    faq: [
      INTERNSHIP_ON_STUDENT_VISA,
      {
        question: "Can a marketing internship lead to a sponsored job?",
        answer: [
          "It depends on the job that follows. Marketing and commercial managers (2432) and advertising accounts managers (2494) are in Table 1, open to new Skilled Worker applicants. Marketing executives (3554) are in Table 1a: new applicants can be sponsored in it only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026 (",
          link("HC 997", GOV.hc997),
          "; ",
          link("Appendix Skilled Occupations", GOV.skilledOccupations),
          "). The salary rules apply too (",
          link("GOV.UK: your job", GOV.yourJob),
          ").",
        ],
      },
      {
        question: "What makes a marketing internship application stand out?",
        answer: [
          "Evidence of work you have done: a campaign for a student society, a blog or channel you grew, a short analysis of a brand's social media. Link it from your CV and name the results in numbers. Our guide to ",
          link("writing a UK-style CV", "/blog/uk-cv-for-international-students"),
          " shows how to present it.",
        ],
      },
      INTERN_PAY,
      SPONSOR_CHECK,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/law-internships-in-london",
    heading: "Law internships in London",
    title: "Law internships in London: vacation schemes and more",
    description:
      "Open legal internships in London, from law firm vacation schemes to paralegal roles, and how they fit a Student visa's work limits.",
    intro: [
      [
        "London has the largest concentration of law firms in the UK, and many of them recruit their trainee solicitors from their own vacation schemes: paid internships of one to a few weeks, usually in the university vacations. This list holds open internships in London in legal occupations, including paralegal and other legal associate roles.",
      ],
      [
        "On a Student visa at degree level you may work at most 20 hours a week in term time and full time in your university's official vacations (",
        link("GOV.UK", GOV.studentWork),
        "), which is when vacation schemes run. Law firms ask early and in detail about your right to work, so know your visa's dates before you apply.",
      ],
    ],
    jobsHeading: "Latest law internships in London",
    listNote: ["Open internships in London in SOC 2020 occupations 2411, 2412, 2419 and 3520, newest first."],
    filter: { location: "London", type: "internship", occupations: LAW_OCCUPATIONS },
    widerLabel: "Search every internship in London",
    faq: [
      {
        question: "What is a vacation scheme?",
        answer: [
          "The name many law firms give their internships: a week or more inside the firm, sitting with lawyers, doing research and drafting, and usually an interview for a trainee solicitor place at the end. Firms often open applications a year ahead, so start looking in the autumn.",
        ],
      },
      INTERNSHIP_ON_STUDENT_VISA,
      {
        question: "Can legal jobs be sponsored after I graduate?",
        answer: [
          "Solicitors and lawyers (2412), barristers and judges (2411) and other legal professionals (2419) are in Table 1 of ",
          link("Appendix Skilled Occupations", GOV.skilledOccupations),
          ": the going rate is £51,600 for solicitors and lawyers, and the salary must also reach £41,700, or £33,400 and 70% of the going rate for a new entrant (",
          link("HC 997", GOV.hc997),
          "; ",
          link("GOV.UK: your job", GOV.yourJob),
          "). Legal associate professionals such as paralegals (3520) are in Table 1a: only through the Temporary Shortage List, with a certificate of sponsorship issued before 31 December 2026.",
        ],
      },
      INTERN_PAY,
      SPONSOR_CHECK,
    ],
    checkedOn: CHECKED_ON,
  },
  {
    path: "/india-career-fair",
    heading: "India career fair",
    title: "India career fair: online, 20 January 2027",
    description:
      "An online careers fair on 20 January 2027 for students in India planning to study in the UK and Indian students already here, with jobs for new graduates.",
    intro: [
      [
        "The India career fair is an online event for students in India who plan to study in the UK, and for Indian students already studying here. It runs during the working day in India, so you can join from home or from campus.",
      ],
      [
        "It is about the part of a UK degree that is hardest to plan from a distance: the job afterwards. Below the programme you will find open jobs that could be sponsored at the new-entrant rate, the lower salary rate for graduates switching from a Student or Graduate visa (",
        link("GOV.UK: when you can be paid less", GOV.paidLess),
        ").",
      ],
    ],
    jobsHeading: "Jobs open to new graduates",
    listNote: [
      'Open full-time jobs and graduate schemes marked "Eligible at the new-entrant rate", newest first. They are listed because they suit graduates switching from a Student or Graduate visa; an employer listed here is not necessarily taking part in the fair.',
    ],
    // Jobs a graduate would take to switch to a Skilled Worker visa: the new-entrant rate, in work that lasts.
    filter: { sponsorship: "new-entrant", within: ["full-time", "graduate-scheme"] },
    widerLabel: "Search every job eligible at the new-entrant rate",
    faq: [
      {
        question: "Does the fair cost anything, and do I need to register?",
        answer: [
          "No to both. There is no fee and no registration form: the timetable of sessions and the link to join them will be published on this page before the day. If your university gives you an account with us, ",
          link("log in", "/login"),
          " (or, before you travel, use your ",
          link("pre-departure log-in", "/jumpstart-login"),
          ") to use the job search and the sponsor checker while you prepare.",
        ],
      },
      {
        question: "What time is the fair in the UK?",
        answer: [
          "From 04:30 to 10:30 UK time (GMT) on Wednesday 20 January 2027: the UK is five and a half hours behind India in January.",
        ],
      },
      {
        question: "Which jobs does this page list?",
        answer: [
          "Open full-time jobs and graduate schemes on our job board whose occupation, advertised pay and employer meet the Skilled Worker rules at the new-entrant rate: at least £33,400 a year and 70% of the occupation's going rate (",
          link("HC 997", GOV.hc997),
          "). You can count as a new entrant if, for example, you are switching from a Student visa or the Graduate visa, or you are under 26 when you apply (",
          link("GOV.UK: when you can be paid less", GOV.paidLess),
          ").",
        ],
      },
      { question: "Can I work in the UK while I study?", answer: STUDENT_HOURS },
      {
        question: "How long can I stay in the UK after my degree?",
        answer: [
          "The Graduate visa lets you stay and work, or look for work, after you successfully complete an eligible course on a Student visa; you apply from inside the UK before your Student visa expires (",
          link("GOV.UK: Graduate visa", GOV.graduate),
          "). The government has announced that applications made from 1 January 2027 will be granted 18 months for a bachelor's or master's degree and three years for a PhD: read ",
          link("our news story on the change", "/blog/graduate-route-to-be-shortened-to-18-months"),
          " and check the length in force on GOV.UK before you plan around it.",
        ],
      },
    ],
    checkedOn: CHECKED_ON,
    event: {
      name: "India career fair",
      startDate: "2027-01-20T10:00:00+05:30",
      endDate: "2027-01-20T16:00:00+05:30",
      day: "Wednesday 20 January 2027",
      indiaTime: "10:00 to 16:00 India Standard Time (IST)",
      ukTime: "04:30 to 10:30 UK time (GMT)",
      summary:
        "An online careers fair for students in India planning to study in the UK and for Indian students already studying here: UK graduate recruitment, visas for work after a degree, and jobs open to new graduates.",
      sections: [
        {
          heading: "What to expect",
          items: [
            [
              "Short talks on how UK graduate recruitment works: when employers hire, what they test, and how long it takes from application to offer.",
            ],
            [
              "Sessions on work after your degree: the ",
              link("Graduate visa", GOV.graduate),
              ", ",
              link("Skilled Worker sponsorship", GOV.skilledWorker),
              " and the ",
              link("new-entrant rate", GOV.paidLess),
              ", with the official pages to check.",
            ],
            ["Reviews of CVs and LinkedIn profiles against what UK recruiters expect, and questions answered live."],
          ],
        },
        {
          heading: "Who it is for",
          items: [
            ["Students in India with an offer from, or an application to, a UK university."],
            [
              "Indian students already studying in the UK, from the first year to the final months of a master's degree.",
            ],
            ["Recent graduates in the UK on the Graduate visa who are looking for an employer who could sponsor them."],
          ],
        },
        {
          heading: "How to prepare",
          items: [
            [
              "Bring a CV in the UK style: read our guide to ",
              link("writing a UK-style CV", "/blog/uk-cv-for-international-students"),
              ".",
            ],
            [
              "Note three employers you are interested in and check whether they hold a sponsor licence: our ",
              link("sponsor licence checker", "/uk-work-visa-sponsor-licence-check"),
              " searches the Home Office ",
              link("register of licensed sponsors", GOV.register),
              ".",
            ],
            [
              "Read what changed for graduates in our explainer on ",
              link("the Skilled Worker changes of July 2025", "/blog/skilled-worker-changes-july-2025-graduates"),
              ", and look through the jobs below.",
            ],
          ],
        },
        {
          heading: "How to take part",
          items: [
            [
              "The fair is online and free, and there is nothing to sign up for. The timetable of sessions and the link to join will be published on this page before the day, so bookmark it.",
            ],
            [
              "If your university gives you an account with us, ",
              link("log in", "/login"),
              " to use the job search and the sponsor checker while you prepare; before you travel, use your ",
              link("pre-departure log-in", "/jumpstart-login"),
              ".",
            ],
          ],
        },
      ],
    },
  },
];

const byPath = new Map(LANDING_PAGES.map((p) => [p.path, p]));

/** The landing page of a path (the route's pattern), if it is one. */
export function landingPage(path: string): LandingPage | undefined {
  return byPath.get(path);
}
