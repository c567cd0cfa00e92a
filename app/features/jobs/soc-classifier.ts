/**
 * A job's SOC 2020 unit group from its title (and, to break a tie, its description), for jobs whose
 * source gives no code. Pure: the unit groups come in, an index is built once, and each title is
 * matched against the titles ONS, HC 997 and our own list of job-ad titles give for each group.
 *
 * Why titles and not descriptions: a job ad's title names the occupation; its description mostly
 * describes the employer, the benefits and the applicant. The ONS coding index is itself a list of
 * titles. Descriptions only decide between groups whose titles match equally well.
 */

/** A unit group as the classifier needs it: ONS SOC 2020 Volume 1, with HC 997's related job titles where there are some. */
export type SocGroupInput = {
  code: string;
  title: string;
  exampleTitles: readonly string[];
  relatedTitles?: readonly string[];
  description?: string;
  tasks?: readonly string[];
};

export type SocMatch = { code: string; confidence: number };

export type SocClassifier = {
  classify(title: string, description?: string | null): SocMatch | null;
};

/**
 * Below this the classifier answers null: the title matched a known title only in part, or another
 * group matches it about as well. On the blind sample of real ads in soc-classifier.test.ts such
 * answers were wrong five times in six, and a wrong occupation is worse than none (the verdict then
 * says the occupation is not known instead of judging the wrong one).
 */
export const MIN_CONFIDENCE = 0.5;
/**
 * From here a code is "high" confidence: the title is a known title of one group, or contains one
 * with little left over and no other group claiming as much. None of the 76 such answers on the blind
 * sample was wrong (between 0.5 and 0.8, one in seven was). The import stores a classified code, and
 * judges sponsorship on it, only from here (SOC_VERDICT_CONFIDENCE in import.server.ts).
 */
export const HIGH_CONFIDENCE = 0.8;

/**
 * Job-ad titles the ONS examples (five or so a group) do not give, each under the group SOC 2020's
 * definitions put it in. Only titles common in UK job ads whose group is clear from the title alone:
 * a title that could be several occupations ("Consultant", "Analyst") is left out on purpose.
 * A title here with the same words as an ONS example of another group wins over it (it is our
 * reading for job ads, which name the usual case: "Account manager" is a sales job).
 */
const JOB_AD_TITLES: Record<string, readonly string[]> = {
  "1131": [
    "Finance manager",
    "Financial manager",
    "Finance director",
    "Financial director",
    "Chief financial officer",
    "CFO",
    "Finance and operations director",
  ],
  "1132": [
    "Sales director",
    "Sales and marketing director",
    "Business development director",
    "Account director",
    "Regional sales director",
    "Marketing and communications director",
  ],
  "1133": ["Communications director", "PR director"],
  "1134": ["Procurement manager", "Procurement director", "Purchasing director", "Buying manager", "Buying director"],
  "1136": [
    "Human resources manager",
    "Human resources director",
    "Talent acquisition manager",
    "Learning and development manager",
    "People director",
    "Recruitment director",
  ],
  "1137": ["Chief technology officer", "CTO", "Chief information officer", "CIO", "Technology director"],
  "1150": ["Store manager", "Retail store manager", "Shop manager", "Retail area manager"],
  "1221": ["Hotel general manager"],
  "1222": ["Cafe manager", "Catering operations manager"],
  "1223": ["Pub manager", "Public house manager", "Pub general manager"],
  "1224": ["Gym manager", "Leisure manager", "Leisure centre manager"],
  "1232": [
    "Care home manager",
    "Registered manager",
    "Registered care manager",
    "Home manager",
    "Domiciliary care manager",
    "Deputy care home manager",
  ],
  "1241": ["Depot manager", "Transport manager", "Fleet manager"],
  "1242": ["Warehouse manager", "Warehouse operations manager"],
  "1243": ["Logistics manager", "Supply chain manager"],
  "1251": [
    "Property manager",
    "Facilities manager",
    "Lettings manager",
    "Block manager",
    "Property services manager",
    "Estates manager",
  ],
  "1121": ["Manufacturing manager", "Plant manager", "Factory manager", "Production manager"],
  "1122": ["Construction manager", "Site manager", "Construction site manager"],
  "2121": ["Civil engineer", "Structural engineer", "Site engineer", "Building services engineer", "Highways engineer"],
  "2122": ["Mechanical design engineer"],
  "2123": ["Electrical design engineer"],
  "2125": ["Process engineer", "Production engineer", "Chemical engineer", "Control and instrumentation engineer"],
  "2127": ["Project engineer"],
  "2131": ["IT project manager", "Technical project manager"],
  "2132": ["IT manager", "IT service delivery manager", "Software development manager"],
  "2133": [
    "IT business analyst",
    "Solutions architect",
    "Systems analyst",
    "Data engineer",
    "Data architect",
    "Enterprise architect",
    "Technical architect",
  ],
  "2134": [
    "Software developer",
    "Software engineer",
    "Developer",
    "Web developer",
    "Front end developer",
    "Back end developer",
    "Full stack developer",
    "Application developer",
    "Mobile developer",
    "Games developer",
    "Programmer",
    "Software development engineer",
  ],
  "2135": [
    "Cyber security analyst",
    "Information security analyst",
    "Cyber security engineer",
    "Penetration tester",
    "Information security manager",
  ],
  "2136": ["Software tester", "Test analyst", "Automation tester", "Software test engineer"],
  "2137": ["Network engineer", "Network architect"],
  "2139": ["IT consultant", "DevOps engineer"],
  "2141": ["Web designer", "UX designer", "UI designer", "UX UI designer", "User experience designer"],
  "2142": ["Graphic designer", "Motion graphics designer", "Multimedia designer"],
  "2152": ["Environmental consultant", "Sustainability manager"],
  "2211": ["Doctor", "GP", "General practitioner", "Salaried GP"],
  "2231": ["Midwife", "Community midwife"],
  "2232": ["District nurse", "Practice nurse", "Health visitor", "Community nurse"],
  "2233": ["Theatre nurse", "Scrub nurse", "Clinical nurse specialist", "ITU nurse"],
  "2234": ["Nurse practitioner", "Advanced nurse practitioner"],
  "2235": ["Mental health nurse", "RMN", "Registered mental health nurse", "Psychiatric nurse"],
  "2236": ["Paediatric nurse", "Children's nurse", "Neonatal nurse", "RSCN"],
  "2237": [
    "Nurse",
    "Registered nurse",
    "Staff nurse",
    "RGN",
    "Registered general nurse",
    "Charge nurse",
    "Ward manager",
    "Ward sister",
    "Deputy ward manager",
    "Clinical lead nurse",
    "Nurse manager",
  ],
  "2240": ["Vet", "Veterinary surgeon"],
  "2251": ["Pharmacist"],
  "2253": ["Dentist", "Associate dentist"],
  "2254": ["Radiographer", "Sonographer"],
  "2259": ["Dietician"],
  "2313": [
    "Secondary teacher",
    "Secondary school teacher",
    "Maths teacher",
    "Mathematics teacher",
    "Science teacher",
    "English teacher",
    "History teacher",
    "Geography teacher",
    "Physics teacher",
    "Chemistry teacher",
    "Biology teacher",
    "Computing teacher",
    "Computer science teacher",
    "MFL teacher",
    "Modern foreign languages teacher",
    "Design and technology teacher",
    "Religious education teacher",
    "PE teacher",
    "Physical education teacher",
    "Business studies teacher",
  ],
  "2314": ["Primary teacher", "Primary school teacher", "KS1 teacher", "KS2 teacher", "Reception teacher"],
  "2315": ["Early years teacher", "Nursery teacher"],
  "2316": ["SEN teacher", "SENCO", "Special needs teacher"],
  "2324": ["Nursery manager", "Day nursery manager"],
  "2412": [
    "Solicitor",
    "Lawyer",
    "Associate solicitor",
    "Conveyancing solicitor",
    "Litigation solicitor",
    "Employment solicitor",
    "Family solicitor",
    "Property solicitor",
    "Private client solicitor",
  ],
  "2419": ["Paralegal", "Conveyancer", "Legal counsel", "In-house lawyer", "Litigation executive"],
  "2421": [
    "Management accountant",
    "Financial accountant",
    "Chartered accountant",
    "Qualified accountant",
    "Group accountant",
    "Company accountant",
    "Accountant",
  ],
  "2422": [
    "Financial analyst",
    "Finance analyst",
    "Financial adviser",
    "Independent financial adviser",
    "IFA",
    "Mortgage adviser",
    "Credit risk analyst",
    "Investment analyst",
  ],
  "2423": ["Tax adviser", "Tax manager", "Tax consultant", "Corporate tax manager"],
  "2431": ["Management consultant", "Business analyst", "Risk analyst"],
  "2432": ["Marketing manager", "Digital marketing manager", "Commercial manager"],
  "2433": ["Actuary", "Actuarial analyst", "Economist", "Statistician", "Data scientist"],
  "2440": [
    "Project manager",
    "Programme manager",
    "Risk manager",
    "Change manager",
    "Scrum master",
    "Business change manager",
    "Senior project manager",
  ],
  "2451": ["Architect"],
  "2453": ["Quantity surveyor"],
  "2454": ["Building surveyor", "Chartered surveyor", "Land surveyor"],
  "2455": ["Construction project manager", "Transport planner"],
  "2461": ["Social worker", "Children's social worker"],
  "2482": ["Compliance manager", "Quality manager", "Quality assurance manager", "Head of compliance"],
  "2493": [
    "PR manager",
    "Public relations manager",
    "Communications manager",
    "PR account manager",
    "Social media manager",
  ],
  "2494": ["Fundraising manager", "Advertising manager", "Campaign manager"],
  "3111": ["Laboratory technician", "Lab technician"],
  "3120": ["CAD technician", "CAD designer", "Architectural technician", "Draughtsman", "Draughtsperson"],
  "3131": ["Systems administrator", "Network administrator", "IT technician"],
  "3132": [
    "IT support technician",
    "IT support analyst",
    "IT support engineer",
    "Helpdesk analyst",
    "Service desk analyst",
    "Technical support analyst",
    "IT support officer",
    "Desktop support engineer",
  ],
  "3133": ["Database administrator"],
  "3232": ["Nursery practitioner", "Early years practitioner", "Childcare practitioner"],
  "3412": ["Copywriter", "Technical writer", "Translator", "Content writer"],
  "3520": ["Legal assistant", "Conveyancing assistant"],
  "3531": ["Insurance broker", "Mortgage broker"],
  "3532": ["Underwriter", "Account handler", "Commercial account handler"],
  "3533": ["Accounting technician"],
  "3534": ["Accounts manager", "Relationship manager", "Credit manager", "Investment manager", "Fund manager"],
  "3541": ["Estimator", "Loss adjuster", "Valuer"],
  "3543": ["Project coordinator", "Project administrator", "Project support officer"],
  "3544": ["Data analyst", "Data officer"],
  "3551": ["Buyer", "Procurement officer", "Purchasing officer", "Procurement specialist", "Supply planner"],
  "3552": [
    "Sales executive",
    "Field sales executive",
    "Business sales executive",
    "Sales consultant",
    "Sales representative",
    "Sales agent",
    "Sales rep",
  ],
  "3553": ["Merchandiser", "Demand planner"],
  "3554": [
    "Marketing executive",
    "Marketing assistant",
    "Digital marketing executive",
    "Marketing coordinator",
    "Business development executive",
    "Fundraiser",
    "Marketing officer",
    "Social media executive",
    "PPC executive",
    "SEO executive",
  ],
  "3555": [
    "Estate agent",
    "Lettings negotiator",
    "Sales negotiator",
    "Letting agent",
    "Lettings agent",
    "Property consultant",
  ],
  "3556": [
    "Account manager",
    "Key account manager",
    "Key accounts manager",
    "National account manager",
    "National accounts manager",
    "Business development manager",
    "Sales manager",
    "Area sales manager",
    "Regional sales manager",
    "Brand manager",
    "Sales account manager",
  ],
  "3557": ["Events manager", "Event manager", "Events coordinator", "Event coordinator", "Conference coordinator"],
  "3571": [
    "Recruitment consultant",
    "Human resources adviser",
    "Human resources officer",
    "Recruiter",
    "Resourcer",
    "Recruitment resourcer",
    "Internal recruiter",
    "Recruitment adviser",
    "Recruitment executive",
    "Recruitment officer",
    "Resourcing adviser",
    "Talent acquisition specialist",
  ],
  "3573": ["IT trainer"],
  "3574": ["Trainer", "Training manager", "NVQ assessor"],
  "3582": [
    "Health and safety manager",
    "Health and safety adviser",
    "Health and safety officer",
    "HSE manager",
    "SHEQ manager",
    "Health and safety coordinator",
  ],
  "4121": ["Credit controller", "Credit control clerk"],
  "4122": [
    "Accounts assistant",
    "Accounts administrator",
    "Bookkeeper",
    "Payroll administrator",
    "Payroll manager",
    "Payroll officer",
    "Payroll assistant",
    "Payroll clerk",
    "Payroll specialist",
    "Purchase ledger clerk",
    "Sales ledger clerk",
    "Accounts payable clerk",
    "Accounts receivable clerk",
    "Accounts payable assistant",
    "Purchase ledger assistant",
    "Assistant accountant",
    "Accounts clerk",
  ],
  "4124": ["Finance officer"],
  "4129": ["Finance assistant", "Finance administrator", "Cashier", "Legal cashier", "Mortgage administrator"],
  "4132": ["Claims handler", "Pensions administrator", "Insurance administrator"],
  "4133": ["Stock controller"],
  "4134": ["Logistics coordinator", "Transport clerk", "Shipping coordinator", "Freight coordinator"],
  "4136": [
    "Human resources administrator",
    "Human resources assistant",
    "Recruitment administrator",
    "Recruitment coordinator",
    "Training administrator",
    "Personnel administrator",
  ],
  "4141": ["Office manager"],
  "4143": ["Customer service manager", "Customer services manager", "Call centre manager", "Contact centre manager"],
  "4151": ["Sales administrator", "Sales support administrator", "Sales coordinator", "Sales office administrator"],
  "4152": ["Data entry clerk", "Data entry administrator"],
  "4159": [
    "Administrator",
    "Administrative assistant",
    "Administration assistant",
    "Office administrator",
    "Office assistant",
    "Admin assistant",
    "Clerk",
  ],
  "4211": ["Medical secretary"],
  "4212": ["Legal secretary"],
  "4215": ["Personal assistant", "PA", "Executive assistant", "Secretary", "EA"],
  "4216": ["Receptionist", "Front of house receptionist"],
  "5223": [
    "Maintenance fitter",
    "Mechanical fitter",
    "Maintenance technician",
    "Mechanical maintenance technician",
    "Mechanical maintenance engineer",
    "Multi-skilled maintenance engineer",
    "Maintenance engineer",
  ],
  "5221": ["CNC machinist", "CNC programmer", "CNC turner", "CNC miller", "CNC setter"],
  "5222": ["Toolmaker", "Tool maker"],
  "5231": [
    "Vehicle technician",
    "Motor vehicle technician",
    "Mechanic",
    "Car mechanic",
    "HGV technician",
    "HGV mechanic",
    "MOT tester",
    "Auto electrician",
  ],
  "5232": ["Panel beater", "Vehicle body repairer", "Body shop technician"],
  "5233": ["Paint sprayer", "Vehicle paint sprayer", "Car paint sprayer", "Vehicle painter"],
  "5241": ["Electrician", "Maintenance electrician", "Approved electrician"],
  "5315": ["Plumber", "Gas engineer", "Heating engineer", "Plumbing and heating engineer", "Domestic gas engineer"],
  "5316": ["Carpenter", "Joiner", "Kitchen fitter"],
  "5330": ["Site supervisor", "Construction supervisor"],
  "5434": [
    "Chef",
    "Head chef",
    "Sous chef",
    "Chef de partie",
    "Commis chef",
    "Pastry chef",
    "Junior sous chef",
    "Senior sous chef",
    "Demi chef de partie",
    "Sushi chef",
  ],
  "5435": ["Cook"],
  "5436": ["Kitchen manager", "Bar manager", "Catering manager"],
  "6111": ["Nursery nurse", "Nursery assistant"],
  "6112": ["Teaching assistant", "Classroom assistant"],
  "6113": ["Learning support assistant", "SEN teaching assistant"],
  "6131": ["Healthcare assistant", "Health care assistant", "HCA", "Nursing assistant"],
  "6133": ["Dental nurse"],
  "6135": [
    "Care assistant",
    "Carer",
    "Care worker",
    "Support worker",
    "Home carer",
    "Domiciliary care worker",
    "Residential support worker",
  ],
  "6136": ["Senior care assistant", "Senior carer", "Senior support worker", "Senior care worker", "Care coordinator"],
  "6212": ["Travel consultant", "Travel agent"],
  "6221": ["Hairdresser", "Barber", "Hair stylist"],
  "6222": ["Beauty therapist", "Nail technician"],
  "7111": [
    "Sales assistant",
    "Retail assistant",
    "Sales adviser",
    "Shop assistant",
    "Retail sales assistant",
    "Customer assistant",
  ],
  "7113": ["Telesales executive", "Telesales", "Telemarketing executive", "Telesales adviser", "Inbound sales adviser"],
  "7115": [
    "Car sales executive",
    "Parts adviser",
    "Vehicle sales executive",
    "Car salesman",
    "Motor trade sales executive",
  ],
  "7132": ["Retail supervisor", "Shop supervisor", "Store supervisor"],
  "7211": ["Call centre agent", "Contact centre agent", "Call centre adviser", "Contact centre adviser"],
  "7219": [
    "Customer service adviser",
    "Customer service advisor",
    "Customer service assistant",
    "Customer service administrator",
    "Customer service representative",
    "Customer service executive",
    "Customer service agent",
    "Customer adviser",
    "Customer service associate",
  ],
  "7220": ["Customer service team leader", "Customer service supervisor", "Call centre team leader"],
  "8143": ["Quality inspector", "Quality controller"],
  "8211": [
    "HGV driver",
    "LGV driver",
    "HGV class 1 driver",
    "HGV class 2 driver",
    "Lorry driver",
    "Class 1 driver",
    "Class 2 driver",
  ],
  "8212": ["PCV driver", "PSV driver", "Bus driver", "Coach driver"],
  "8214": ["Delivery driver", "Van driver", "Courier", "Multi-drop driver", "Multi drop driver"],
  "8222": ["Forklift driver", "Fork lift truck driver", "FLT driver", "Forklift truck driver"],
  "9223": ["Cleaner", "Domestic cleaner", "Office cleaner"],
  "9231": ["Security officer", "Security guard", "Door supervisor"],
  "9252": ["Warehouse operative", "Picker packer", "Warehouse assistant", "Order picker", "Warehouse worker"],
  "9263": ["Kitchen porter", "Kitchen assistant", "Catering assistant"],
  "9264": ["Waiter", "Waitress", "Waiting staff", "Food and beverage assistant"],
  "9265": ["Bartender", "Bar staff", "Bar person", "Barman", "Barmaid"],
  "9266": ["Barista", "Coffee shop assistant"],
};

/**
 * Titles that name no one occupation: ONS codes some of them by default ("Operations manager" under
 * storage and warehousing, "Product manager" under IT managers, "Technician" under n.e.c. technicians),
 * but a job ad titled so could be any of several groups, so the classifier answers null rather than a guess.
 */
const TOO_VAGUE = [
  "Manager",
  "Operations manager",
  "General manager",
  "Assistant manager",
  "Area manager",
  "Branch manager",
  "Business manager",
  "Service manager",
  "Technical manager",
  "Product manager",
  "Client manager",
  "Practice manager",
  "Development manager",
  "Contracts manager",
  "Contract manager",
  "Centre manager",
  "Department manager",
  "Engineer",
  "Service engineer",
  "Field service engineer",
  "Field engineer",
  "Design engineer",
  "Technical support engineer",
  "Technician",
  "Consultant",
  "Officer",
  "Executive",
  "Account executive",
  "Analyst",
  "Director",
  "Operations director",
  "Managing director",
  "Supervisor",
  "Team leader",
  "Assistant",
  "Associate",
  "Specialist",
  "Coordinator",
  "Adviser",
  "Partner",
  "Controller",
  "Operative",
  "Operator",
  "Worker",
  "Agent",
  "Representative",
  "Designer",
  "Planner",
  "Inspector",
  "Technologist",
  "Therapist",
  "Tutor",
  "Lecturer",
  "Teacher",
  "Researcher",
  "Cashier",
];
/** A word that ends the titles of this many groups or more names a kind of job, not a job ("manager", "engineer", "officer"). */
const GENERIC_HEAD_GROUPS = 8;
/** What a word of the title that no known title has counts against a match, against a known word's 1–6 (its IDF). */
const UNKNOWN_WORD = 1.5;
/** The same right before the job's word ("Fire sprinkler engineer" is not a fire service engineer). */
const UNKNOWN_BESIDE_HEAD = 4;
/**
 * Technologies a job title names beside the job ("PHP developer", "SAP consultant"): they say what the
 * job works with, not which job it is, so they neither count against a match nor for one.
 */
const TECHNOLOGY = new Set(
  (
    "php java javascript typescript python dotnet c csharp cpp ruby rail react reactj angular angularj vue node nodej sql mysql postgresql oracle " +
    "aws azure gcp linux unix window sharepoint salesforce sap sitecore wordpress drupal magento shopify ios android swift kotlin scala golang go " +
    "perl django laravel symfony spring hadoop spark tableau excel vba matlab autocad solidwork revit"
  ).split(" "),
);

// Words that say how senior, how long or where a job is, not what it is: they do not count against a
// title that lacks them ("Senior Software Engineer" is a software engineer), but count for a known
// title that has them ("Senior carer" is its own group).
const NOISE = new Set(
  (
    "senior snr sr junior jnr jr graduate grad trainee apprentice apprenticeship intern internship placement entry level experienced " +
    "newly interim locum temporary temp permanent perm contract part full time fixed term " +
    "ftc maternity mat cover immediate start urgent urgently required needed wanted vacancy vacancies opportunity opportunities role roles job jobs " +
    "position day days night nights weekend weekends shift shifts monday tuesday wednesday thursday friday saturday sunday hour hours hrs based " +
    "remote hybrid flexible ote bonus salary package benefit allowance plus excellent exciting new leading uk nationwide national regional " +
    "global international multiple various m f mf x band grade relocation self employed freelance bilingual multilingual speaking speaker " +
    "fluent native french german spanish italian dutch mandarin cantonese japanese arabic polish russian portuguese swedish danish norwegian " +
    "finnish korean chinese turkish greek hindi urdu punjabi"
  ).split(" "),
);
// Words that say the rank within a job when another word names the job ("Assistant manager", "Head chef"),
// but are the job when last ("Sales assistant", "Sales associate").
const RANK = new Set("lead principal deputy assistant associate chief head".split(" "));
// Words that join a title's words and mean nothing alone.
const STOP = new Set(
  "a an the and or of our your their its this that into per plus other related occupation occupations nec n e c excludes".split(
    " ",
  ),
);
// Words after which a title stops naming the job ("Nurse for a care home", "Chef at The Ivy", "Accountant to £40k").
const CUT = new Set("for at in with within to from near up via".split(" "));
// Words ending in s that are not plurals, or whose plural means something else ("Accounts manager" is finance, "Account manager" sales).
const KEEP_S = new Set(
  "accounts parts sales news logistics physics economics statistics mathematics analytics ethics graphics robotics dynamics electronics mechatronics aerobics acoustics genetics optics ops bus gas business glass address class chess press process access success is us ss".split(
    " ",
  ),
);
const SPELLING: Record<string, string> = {
  advisor: "adviser",
  advisors: "advisers",
  organizer: "organiser",
  hr: "human resources",
  pa: "personal assistant",
  ea: "executive assistant",
  admin: "administrator",
  administration: "administrator",
  administrative: "administrator",
  exec: "executive",
  mgr: "manager",
  asst: "assistant",
  dev: "developer",
  eng: "engineer",
  rep: "representative",
  reps: "representatives",
  qa: "quality assurance",
  frontend: "front end",
  backend: "back end",
  fullstack: "full stack",
  draughtsperson: "draughtsman",
  dietitian: "dietician",
  healthcare: "health care",
  toolmaker: "tool maker",
  forklift: "fork lift",
  flt: "fork lift truck",
  lgv: "hgv",
  salesperson: "sales representative",
  colour: "color",
  programme: "program",
  centre: "center",
  theatre: "theater",
  labour: "labor",
  organisation: "organization",
};

function singular(word: string): string {
  if (word.length <= 3 || KEEP_S.has(word) || !word.endsWith("s")) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** A text's words, lower case, spelt one way, singular; pure numbers and salary fragments gone. */
function words(text: string): string[] {
  const cleaned = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’'`]/g, "")
    .replace(/\bco[\s-]+ordinat/g, "coordinat")
    .replace(/\be-(commerce|learning|mail)/g, "e$1")
    .replace(/\bteam lead\b/g, "team leader")
    .replace(/\b(home|field|office|site|city|london|uk)[\s-]+based\b/g, " ")
    .replace(/\.net\b/g, " dotnet ")
    .replace(/&/g, " and ")
    .replace(/[£$€]\s*[\d.,]+\s*k?/g, " ");
  const out: string[] = [];
  for (const raw of cleaned.split(/[^a-z0-9]+/)) {
    if (!raw || /^\d+$/.test(raw)) continue;
    const spelt = SPELLING[raw] ?? raw;
    for (const w of spelt.split(" ")) out.push(singular(w));
  }
  return out;
}

type Segment = { main: string[]; context: string[] };

/**
 * A title's segments: what the job is, and the rest as context. "Sous Chef - Monday to Friday - £30k",
 * "Colourist/Paint Mixer", "Teacher of Maths (KS3)" and "Head of Finance" each become the words that
 * name a job ("sous chef", "colourist", "paint mixer", "maths teacher", "finance director").
 */
function segmentsOf(title: string, cut = true): Segment[] {
  const bracketed: string[] = [];
  const outside = title.replace(/[([{]([^)\]}]*)[)\]}]?/g, (_, inner: string) => {
    bracketed.push(inner);
    return " | ";
  });
  const parts = outside.split(/\s[-–—]+\s|\s*[|:;!?•*,+]\s*|\s\/\s|\/|\s[-–—]+|[-–—]+\s/);
  const context = [...bracketed, ...parts].flatMap(words);
  const segments: Segment[] = [];
  for (const part of parts) {
    let text = part.trim();
    if (!text) continue;
    // "Head of X" is X's director or manager; "Teacher of X" an X teacher.
    text = text.replace(/^(.*?)\bhead of\b(.*)$/i, "$1 $2 director").replace(/^(.*?)\s+of\s+(.*)$/i, "$2 $1");
    const all = words(text);
    const end = cut ? all.findIndex((w, i) => i > 0 && CUT.has(w)) : -1;
    const main = (end > 0 ? all.slice(0, end) : all).filter((w) => !STOP.has(w) && !CUT.has(w));
    if (main.length) segments.push({ main, context });
  }
  return segments;
}

type Kind = "ours" | "example" | "related" | "group";
type Entry = {
  code: string;
  kind: Kind;
  words: readonly string[];
  /** Words ONS puts in brackets to say which kind of the title it means: "(computing/IT)", "(qualified)". */
  qualifiers: readonly string[];
  /** The same words are a title of another group too, and this entry is not the one to take without its qualifier. */
  shadowed: boolean;
  /** Our list (JOB_AD_TITLES) has these words for this group: the one to take when groups share them. */
  chosen: boolean;
};

/** How much a match is trusted: our job-ad titles and ONS's examples more than HC 997's related titles, more than a group's name. */
const KIND_WEIGHT: Record<Kind, number> = { ours: 1, example: 1, related: 0.96, group: 0.88 };
/** Qualifiers that tell a profession from a trade of the same name ("Mechanical engineer (professional)"): a title rarely says which. */
const SKILL_QUALIFIERS = new Set(["professional", "qualified"]);

/** The words of a known title, read the way a job's title is. */
function titleWords(text: string): string[] {
  return [...new Set(segmentsOf(text.replace(/\([^)]*\)/g, " ").replace(/[/,]/g, " "), false)[0]?.main ?? [])];
}

/**
 * "Marketing, sales and advertising directors" as "marketing directors", "sales directors", "advertising
 * directors"; a short name also whole ("Painters and decorators" as "painter decorator" too).
 */
function distribute(name: string, heads: ReadonlySet<string>): string[] {
  const plain = name
    .replace(/\([^)]*\)/g, " ")
    .replace(/\bnot elsewhere classified\b|\bn\.e\.c\.?/gi, " ")
    .trim();
  const parts = plain
    .split(/,\s*|\s+and\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return [plain];
  const head = words(parts.at(-1)!).at(-1);
  if (!head) return [plain];
  const out: string[] = [];
  for (const part of parts) {
    const w = words(part);
    const last = w.at(-1);
    if (!last) continue;
    // A part that ends with a job's word, or is a plural noun alone ("Scaffolders"), is a title by itself.
    const plural = w.length === 1 && /s$/i.test(part) && !KEEP_S.has(part.toLowerCase());
    if (last === head || heads.has(last) || plural) {
      if (w.length > 1 || last !== head) out.push(part);
    } else out.push(`${part} ${head}`);
  }
  if (words(plain).length <= 3) out.push(plain);
  return out.length ? out : [plain];
}

function keyOf(ws: readonly string[]): string {
  return [...new Set(ws)].sort().join(" ");
}

/** The most titles whose ranking one classifier keeps (a few megabytes). */
const RANKED_TITLES_KEPT = 20_000;

/** The classifier for these unit groups: the index is built once; `classify` takes well under a millisecond. */
export function socClassifier(groups: readonly SocGroupInput[]): SocClassifier {
  const known = new Set(groups.map((g) => g.code));
  const raw: { code: string; text: string; kind: keyof typeof KIND_WEIGHT }[] = [];
  const heads = new Set<string>();
  for (const g of groups) {
    for (const t of g.exampleTitles) {
      raw.push({ code: g.code, text: t, kind: "example" });
      const last = words(t.replace(/\([^)]*\)/g, " ")).at(-1);
      if (last) heads.add(last);
    }
  }
  for (const g of groups) {
    for (const t of g.relatedTitles ?? [])
      for (const part of distribute(t, heads)) raw.push({ code: g.code, text: part, kind: "related" });
    for (const part of distribute(g.title, heads)) raw.push({ code: g.code, text: part, kind: "group" });
  }
  for (const [code, titles] of Object.entries(JOB_AD_TITLES)) {
    if (!known.has(code)) continue;
    for (const t of titles) {
      raw.push({ code, text: t, kind: "ours" });
      const last = words(t).at(-1);
      if (last) heads.add(last);
    }
  }

  const entries: Entry[] = [];
  const seen = new Map<string, Entry>();
  for (const r of raw) {
    const qualifiers = new Set<string>();
    for (const m of r.text.matchAll(/\(([^)]*)\)/g)) for (const w of words(m[1]!)) if (!STOP.has(w)) qualifiers.add(w);
    const ws = titleWords(r.text);
    if (!ws.length) continue;
    // "Sales adviser (telephone sales)": a qualifier word the title has anyway qualifies nothing.
    for (const w of ws) qualifiers.delete(w);
    const id = `${r.code}|${keyOf(ws)}|${[...qualifiers].sort().join(" ")}`;
    const same = seen.get(id);
    if (same) {
      if (r.kind === "ours") same.chosen = true;
      continue;
    }
    const entry: Entry = {
      code: r.code,
      kind: r.kind,
      words: ws,
      qualifiers: [...qualifiers],
      shadowed: false,
      chosen: r.kind === "ours",
    };
    seen.set(id, entry);
    entries.push(entry);
  }

  // When the same words are a title of several groups, ours (or else ONS's one unqualified example)
  // is the one to take without a qualifier; the others need their qualifier in the title. A
  // profession and a trade of one name ("Mechanical engineer") stay a tie unless we chose.
  const byKey = new Map<string, Entry[]>();
  for (const e of entries) byKey.set(keyOf(e.words), [...(byKey.get(keyOf(e.words)) ?? []), e]);
  for (const same of byKey.values()) {
    if (new Set(same.map((e) => e.code)).size < 2) continue;
    const ours = same.filter((e) => e.chosen);
    const skill = same.some((e) => e.qualifiers.some((q) => SKILL_QUALIFIERS.has(q)));
    const defaults = ours.length
      ? ours
      : skill
        ? []
        : same.filter((e) => e.qualifiers.length === 0 && e.kind === "example");
    if (defaults.length === 0 || new Set(defaults.map((e) => e.code)).size > 1) continue;
    for (const e of same) if (e.code !== defaults[0]!.code) e.shadowed = true;
  }

  // A word's weight: how few groups use it (inverse document frequency over the groups' titles).
  const groupsOf = new Map<string, Set<string>>();
  for (const e of entries) for (const w of e.words) (groupsOf.get(w) ?? groupsOf.set(w, new Set()).get(w)!).add(e.code);
  const total = known.size || 1;
  const weightOf = (w: string) => {
    const n = groupsOf.get(w)?.size;
    return n ? Math.log(1 + total / n) : 0;
  };
  const weights = new Map([...groupsOf.keys()].map((w) => [w, weightOf(w)]));
  const byWord = new Map<string, Entry[]>();
  for (const e of entries) for (const w of e.words) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(e);

  // The words of each group's description and tasks, for a tie between groups.
  const describedBy = new Map<string, Set<string>>();
  for (const g of groups) {
    const set = new Set(
      words([g.description ?? "", ...(g.tasks ?? [])].join(" ")).filter((w) => w.length > 2 && !STOP.has(w)),
    );
    describedBy.set(g.code, set);
  }
  const describedIn = new Map<string, number>();
  for (const set of describedBy.values()) for (const w of set) describedIn.set(w, (describedIn.get(w) ?? 0) + 1);

  type Scored = { code: string; score: number; matched: ReadonlySet<string>; headOnly: boolean };
  const vague = new Set(TOO_VAGUE.map((t) => keyOf(segmentsOf(t)[0]!.main.filter((w) => !NOISE.has(w)))));
  vague.delete("");
  // ONS's default for a vague title ("Operations manager") is no better a guess inside a longer one.
  const trust = new Map(entries.map((e) => [e, KIND_WEIGHT[e.kind] * (vague.has(keyOf(e.words)) ? 0.7 : 1)]));
  // How many groups' titles end with each word.
  const endsOf = new Map<string, Set<string>>();
  for (const e of entries) {
    const last = e.words.at(-1)!;
    (endsOf.get(last) ?? endsOf.set(last, new Set()).get(last)!).add(e.code);
  }
  const generic = (w: string) => (endsOf.get(w)?.size ?? 0) >= GENERIC_HEAD_GROUPS;

  function scoreSegment(segment: Segment): Scored[] {
    const title = new Set(segment.main);
    const known = segment.main.filter((w) => weights.has(w) && !NOISE.has(w));
    const content = known.filter((w, i) => !RANK.has(w) || i === known.length - 1);
    if (!content.length) return [];
    // The job's word is the last that ends a known title: "Audit manager financial services" is a manager.
    const head = content.findLast((w) => heads.has(w)) ?? content.at(-1)!;
    // The job's word weighs as much as the others together: in "Private client solicitor" it is "solicitor" that counts.
    const rest = content.reduce((sum, w) => (w === head ? sum : sum + weights.get(w)!), 0);
    const headWeight = Math.max(weights.get(head)!, rest);
    const contentWeight = rest + headWeight;
    const contentSet = new Set(content);
    // Words no known title has ("Fire sprinkler engineer"): the title says more than we matched, the more so
    // right before the word that names the job, where a word says which kind of it the job is.
    const unknown = segment.main.filter((w) => !weights.has(w) && !NOISE.has(w) && !TECHNOLOGY.has(w)).length;
    const before = segment.main[segment.main.lastIndexOf(head) - 1];
    const beside =
      before !== undefined && !weights.has(before) && !NOISE.has(before) && !TECHNOLOGY.has(before) ? 1 : 0;
    const unknownWeight = UNKNOWN_WORD * (unknown - beside) + UNKNOWN_BESIDE_HEAD * beside;
    // A vague title stays vague with a rank ("Assistant branch manager"), unless the rank makes a known title ("Head teacher").
    const knownKey = keyOf(known);
    if (vague.has(knownKey) || (vague.has(keyOf(content)) && !byKey.has(knownKey))) return [];
    const context = new Set(segment.context);
    const best = new Map<string, Scored>();
    const candidates = new Set<Entry>();
    for (const w of title) for (const e of byWord.get(w) ?? []) candidates.add(e);
    for (const e of candidates) {
      let phrase = 0;
      let found = 0;
      let explained = 0;
      let explainedWords = 0;
      let extra = 0;
      for (const w of e.words) {
        const weight = weights.get(w)!;
        phrase += weight;
        if (!title.has(w)) continue;
        found += weight;
        if (contentSet.has(w)) {
          explained += w === head ? headWeight : weight;
          explainedWords += 1;
        } else extra += 1;
      }
      if (!explained) continue;
      // Words of the title the entry lacks count half: "Private client solicitor" is still a solicitor.
      const titleShare = explained / (explained + 0.5 * (contentWeight - explained) + unknownWeight);
      const headFound = e.words.includes(head) ? 1 : 0.45;
      // An entry ONS qualifies ("Consultant (hospital service)") fits a title without the qualifier less, and a
      // one-word one hardly at all; "(qualified)" and "(professional)" are left out of the reckoning.
      const qualified = e.qualifiers.some((q) => context.has(q) && !generic(q))
        ? 1.04
        : e.shadowed
          ? 0.6
          : e.qualifiers.every((q) => SKILL_QUALIFIERS.has(q))
            ? 1
            : e.words.length === 1
              ? 0.45
              : 0.75;
      // Rank words the title and the entry share ("Senior carer") tip the balance towards it.
      const score = (found / phrase) ** 1.5 * titleShare * headFound * trust.get(e)! * qualified * (1 + 0.03 * extra);
      const prior = best.get(e.code);
      if (prior && score <= prior.score) continue;
      // Only the job's kind matched ("Reward consultant" as a hospital consultant): too little to go on.
      const headOnly =
        explainedWords === 1 && e.words.includes(head) && (content.length > 1 || unknown > 0) && generic(head);
      best.set(e.code, { code: e.code, score, matched: new Set(e.words.filter((w) => title.has(w))), headOnly });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  function tieBreak(ranked: Scored[], description: string): Scored[] {
    const close = ranked.filter((r) => r.score >= ranked[0]!.score * 0.85);
    if (close.length < 2) return ranked;
    const text = new Set(words(description).filter((w) => w.length > 2 && !STOP.has(w)));
    const similarity = (code: string) => {
      let sum = 0;
      for (const w of describedBy.get(code) ?? [])
        if (text.has(w)) sum += Math.log(1 + total / (describedIn.get(w) ?? total));
      return sum;
    };
    const sims = close.map((r) => similarity(r.code));
    const top = Math.max(...sims);
    if (top <= 0) return ranked;
    const adjusted = close.map((r, i) => ({ ...r, score: r.score * (1 + 0.12 * (sims[i]! / top)) }));
    return [...adjusted, ...ranked.slice(close.length)].sort((a, b) => b.score - a.score);
  }

  // A title's ranking depends on the title alone, and a large source repeats its titles ("Software
  // Engineer" hundreds of times): each is scored once. The ranked lists are never changed afterwards
  // (the tie-break makes new ones). Emptied when full, so a long-lived process holds a bounded number.
  const rankedByTitle = new Map<string, Scored[]>();
  function rank(title: string): Scored[] {
    let ranked = rankedByTitle.get(title);
    if (ranked) return ranked;
    ranked = [];
    // The first segment that names a job is what the job is called; later ones are more often places,
    // hours or the employer ("Internal Auditor - Insurance Broker"), and take over only from a weak match.
    for (const segment of segmentsOf(title)) {
      const scored = scoreSegment(segment);
      if (scored.length && (!ranked.length || scored[0]!.score * 0.93 > ranked[0]!.score + 0.25)) ranked = scored;
    }
    if (rankedByTitle.size >= RANKED_TITLES_KEPT) rankedByTitle.clear();
    rankedByTitle.set(title, ranked);
    return ranked;
  }

  return {
    classify(title, description) {
      if (!title || !title.trim()) return null;
      let ranked = rank(title.slice(0, 300));
      if (!ranked.length) return null;
      if (description) ranked = tieBreak(ranked, description.slice(0, 5_000));
      const [first] = ranked;
      if (first!.headOnly) return null;
      // A rival is another group that matched words the winner did not (or the same ones): a group
      // that only matched fewer of the same words ("Administrator" under "Mortgage administrator") is not.
      const rival = ranked.find(
        (r) =>
          r.code !== first!.code &&
          ![...r.matched].every((w) => first!.matched.has(w) && r.matched.size < first!.matched.size),
      );
      if (rival && rival.score >= first!.score) return null;
      const margin = rival ? 1 - 0.5 * (rival.score / first!.score) ** 4 : 1;
      const confidence = Math.min(0.98, first!.score * margin);
      if (confidence < MIN_CONFIDENCE) return null;
      return { code: first!.code, confidence: Math.round(confidence * 1000) / 1000 };
    },
  };
}
