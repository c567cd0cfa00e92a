// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProfileAnswer, UniversityProfileData } from "../page.server";
import { UniversityProfilePage } from "./profile-page";

afterEach(cleanup);

type View = UniversityProfileData["view"];

function show(view: View, actionData?: ProfileAnswer, path = "/university-user-profile") {
  const data = { universityName: "Demo University", view };
  const Stub = createRoutesStub([
    {
      path: "/university-user-profile/:type?",
      Component: () => <UniversityProfilePage data={data} answer={actionData} />,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const tabs = () => within(screen.getByRole("navigation", { name: "Profile sections" })).getAllByRole("link");

describe("the university profile page", () => {
  it("shows the tabs as links, the current one marked", () => {
    show(
      { tab: "branding", brandColour: "#6d28d9", contrast: "7.1:1", logoUrl: null },
      undefined,
      "/university-user-profile/branding",
    );
    expect(tabs().map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")])).toEqual([
      ["Your account", "/university-user-profile", null],
      ["University details", "/university-user-profile/university", null],
      ["Branding", "/university-user-profile/branding", "page"],
      ["Team", "/university-user-profile/team", null],
      ["Student records", "/university-user-profile/roster", null],
      ["API keys", "/university-user-profile/api-keys", null],
      ["Single sign-on", "/university-user-profile/sso", null],
      ["Audit log", "/university-user-profile/audit", null],
    ]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Branding");
  });

  it("account: the name and job title to edit, the email read-only, the password link", () => {
    show({
      tab: "account",
      name: "Sarah Whitfield",
      email: "admin@demo.test",
      jobTitle: "Head of Careers",
      changePasswordPath: "/student-change-password",
    });
    expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("Sarah Whitfield");
    expect((screen.getByLabelText("Job title") as HTMLInputElement).value).toBe("Head of Careers");
    expect(screen.queryByLabelText(/email/i)).toBeNull();
    expect(screen.getByText("admin@demo.test")).toBeTruthy();
    expect(screen.getByRole("link", { name: "contact page" }).getAttribute("href")).toBe("/contact-us");
    expect(screen.getByRole("link", { name: "Change your password" }).getAttribute("href")).toBe(
      "/student-change-password",
    );
  });

  it("university: what was typed comes back with each field's error", () => {
    show(
      { tab: "university", name: "Demo University", emailDomains: ["demo.test"], careersEmail: "", careersUrl: "" },
      {
        values: {
          name: "Demo University",
          email_domains: "demo.test\nnot a domain",
          careers_email: "",
          careers_url: "http://x.example",
        },
        fieldErrors: {
          email_domains: "“not” is not a domain: write it like demo.ac.uk",
          careers_url: "The careers website must be an https:// address",
        },
        formError: null,
      },
      "/university-user-profile/university",
    );
    const domains = screen.getByLabelText("Your students' email domains") as HTMLTextAreaElement;
    expect(domains.value).toBe("demo.test\nnot a domain");
    expect(domains.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toContain("The careers website must be an https:// address");
    expect(screen.getByText(/subdomains included/)).toBeTruthy();
  });

  it("branding: a colour swatch drawn with a fill (no style attribute), the logo as an image, and its removal", () => {
    show(
      {
        tab: "branding",
        brandColour: "#6d28d9",
        contrast: "7.1:1",
        logoUrl: "/university-logo/demo-university.0123456789abcdef.png",
      },
      undefined,
      "/university-user-profile/branding",
    );
    const swatch = screen.getByRole("img", { name: "White text on #6d28d9, as in your microsite's header" });
    expect(swatch.querySelector("rect")?.getAttribute("fill")).toBe("#6d28d9");
    expect(document.querySelector("[style]")).toBeNull();
    expect(screen.getByRole("img", { name: "Demo University's logo, as it is now" }).getAttribute("src")).toBe(
      "/university-logo/demo-university.0123456789abcdef.png",
    );
    expect(screen.getByRole("button", { name: "Remove the logo" })).toBeTruthy();
    const file = screen.getByLabelText("A new logo") as HTMLInputElement;
    expect(file.type).toBe("file");
    expect(file.closest("form")?.getAttribute("enctype")).toBe("multipart/form-data");
  });

  it("team: the admins, the current one marked, and how a colleague gets an account", () => {
    show(
      {
        tab: "team",
        members: [
          {
            id: 1,
            name: "Ben Clark",
            email: "ben@demo.test",
            jobTitle: null,
            since: "2026-02-01T09:00:00.000Z",
            you: false,
          },
          {
            id: 2,
            name: "Sarah Whitfield",
            email: "admin@demo.test",
            jobTitle: "Head of Careers",
            since: "2025-09-01T09:00:00.000Z",
            you: true,
          },
        ],
      },
      undefined,
      "/university-user-profile/team",
    );
    expect(screen.getAllByRole("rowheader").map((c) => c.textContent)).toEqual(["Ben Clark", "Sarah Whitfield (you)"]);
    expect(screen.getByText("1 Feb 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "university staff registration page" }).getAttribute("href")).toBe(
      "/university-user-registration",
    );
  });
});
