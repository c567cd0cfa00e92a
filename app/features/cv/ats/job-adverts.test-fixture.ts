/** Three invented but realistic job adverts, as employers write them (Markdown, boilerplate and all). */
export const DATA_ANALYST = {
  title: "Junior Data Analyst",
  description: `## About us

Brightwell Energy is one of the UK's fastest-growing renewable energy suppliers, with more than 400,000 customers and a mission to make clean power affordable for everyone.

## The role

We are looking for a Junior Data Analyst to join our Customer Insight team in Leeds. You will turn customer, billing and smart meter data into insight that helps our operations and marketing teams make better decisions. This is a great opportunity for a recent graduate who wants to grow their career in data.

## What you'll do

- Write SQL queries to extract and clean data from our data warehouse (Snowflake)
- Build and maintain dashboards in Power BI for the operations and marketing teams
- Analyse customer behaviour, churn and smart meter usage, and present your findings to stakeholders
- Carry out ad hoc analysis and reporting for senior managers
- Support A/B testing of pricing and email campaigns
- Help improve data quality and document our data sources

## What we're looking for

- A degree in a numerate subject such as mathematics, statistics, economics or computer science
- Strong SQL skills and experience with Python (pandas) or R
- Experience of data visualisation with Power BI or Tableau
- A good understanding of statistics and statistical analysis
- Excellent communication skills: you can explain data to people who are not analysts
- Attention to detail and the ability to manage your own workload

**Desirable:** experience of Snowflake or another cloud data warehouse, and knowledge of the energy sector.

## What we offer

- Salary: £28,000 – £32,000 per annum
- 25 days holiday plus bank holidays
- Hybrid working (two days a week in our Leeds office)
- Pension scheme with 6% employer contribution
- Training budget and a clear path to Data Analyst

## How to apply

Click apply and send us your CV and a short cover letter. Closing date: 30 June 2026. We are an equal opportunities employer and welcome applications from all backgrounds.`,
};

export const NURSE = {
  title: "Registered Nurse – Acute Medical Ward (Band 5)",
  description: `**Salary:** £29,970 – £36,483 per annum (Agenda for Change Band 5)
**Hours:** 37.5 hours per week, including nights and weekends
**Location:** St Mary's Hospital, Manchester

### Job summary

Are you a compassionate Registered Nurse looking for your next challenge? Ward 12 is a busy 28-bed acute medical ward caring for adult patients with a wide range of conditions, including respiratory and cardiac illness, diabetes and frailty. We are looking for newly qualified and experienced nurses to join our friendly team.

### Main duties and responsibilities

- Assess, plan, deliver and evaluate patient care, and keep accurate care plans and nursing records
- Administer medication safely, including intravenous (IV) medication, in line with NMC standards and Trust policy
- Monitor patients' observations using NEWS2 and escalate a deteriorating patient promptly
- Carry out wound care, catheterisation and venepuncture
- Work closely with doctors, physiotherapists, pharmacists and the wider multidisciplinary team
- Communicate clearly with patients and their families, with dignity and respect
- Follow infection prevention and control procedures
- Support the safeguarding of vulnerable adults
- Mentor student nurses and healthcare assistants

### Person specification

Essential:
- Registered Nurse (Adult) with current NMC registration
- Nursing degree or diploma
- Knowledge of medication administration and patient safety
- Excellent communication skills and the ability to work under pressure

Desirable:
- Experience on an acute medical ward
- IV therapy and venepuncture competencies

### What we offer

We offer a preceptorship programme for newly qualified nurses, NHS Pension, 27 days annual leave rising with service, and access to NHS discounts and wellbeing support.

We welcome applications from everyone and are committed to equality, diversity and inclusion. Please apply through NHS Jobs.`,
};

export const MARKETING = {
  title: "Marketing Assistant",
  description: `Lumen & Co. is an independent skincare brand based in Bristol, selling online and through 200 stockists across the UK and Europe.

**The role**

We're looking for a creative and organised Marketing Assistant to support our marketing manager across social media, email marketing and events. You'll help plan and deliver campaigns that grow our brand and bring new customers to our website. It's a great first role for a graduate who loves content and wants to learn every part of marketing.

**Key responsibilities**

- Plan, write and schedule social media content for Instagram, TikTok and LinkedIn
- Create email campaigns in Mailchimp and report on open and click rates
- Write product descriptions, blog posts and copy for the website, with SEO in mind
- Create simple graphics and short videos with Canva
- Track campaign performance with Google Analytics and report monthly results
- Help organise trade shows, pop-up events and influencer partnerships
- Keep the content calendar and brand guidelines up to date

**About you**

- Excellent written English and an eye for detail: copywriting is at the heart of this role
- A good understanding of social media platforms and online marketing
- Experience of Canva or Adobe Creative Cloud
- Organised, with the ability to manage several projects at once
- A degree in marketing, communications or a related subject is desirable but not essential

**What's in it for you**

- £24,000 – £26,000 a year, depending on experience
- Hybrid working: three days in our Bristol studio
- 28 days holiday and your birthday off
- Free products and a 40% staff discount

To apply, send your CV and a link to anything you have written or made to jobs@lumenco.example.com by 15 July. We welcome applicants of all backgrounds.`,
};
