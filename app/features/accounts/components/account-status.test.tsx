// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AccountStatus, type AccountStatusProps } from "./account-status";

afterEach(cleanup);

const BASE: AccountStatusProps = {
  status: "awaiting_approval",
  email: "priya@mail.example",
  askedFor: "A graduate account: MSc Finance, graduated in 2019",
  home: "/student-dashboard",
  universityName: "Demo University",
  contact: { email: "careers@demo-university.test", url: null },
  decidedAt: null,
  expiresAt: null,
};
const show = (props: Partial<AccountStatusProps>) =>
  render(
    <MemoryRouter>
      <AccountStatus {...BASE} {...props} />
    </MemoryRouter>,
  );

describe("AccountStatus", () => {
  it("tells an account awaiting approval what it asked for and where the answer will come", () => {
    show({});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your account is waiting for approval");
    expect(screen.getByText(/We will email priya@mail\.example as soon as they decide/)).toBeTruthy();
    expect(screen.getByText("A graduate account: MSc Finance, graduated in 2019")).toBeTruthy();
    expect(screen.getByRole("link", { name: "delete your account" }).getAttribute("href")).toBe("/account/delete");
  });

  it("gives a refused account the day of the decision and the careers service's address", () => {
    show({ status: "refused", decidedAt: "2026-11-20T10:00:00.000Z" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your account was not approved");
    expect(screen.getByText("Demo University could not approve your account (20 November 2026).")).toBeTruthy();
    expect(screen.getByRole("link", { name: "careers@demo-university.test" }).getAttribute("href")).toBe(
      "mailto:careers@demo-university.test",
    );
  });

  it("tells an account whose access ended when, and whom to ask for more time, in UK time", () => {
    show({
      status: "expired",
      expiresAt: "2029-11-30T23:30:00.000Z",
      contact: { email: null, url: "https://demo.test/careers" },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your access has ended");
    expect(screen.getByText("The access Demo University gave your account ended on 30 November 2029.")).toBeTruthy();
    expect(screen.getByText(/To ask for more time, contact the careers service/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://demo.test/careers" })).toBeTruthy();
    expect(screen.queryByText("You asked for")).toBeNull();
  });

  it("tells a deactivated account so, and whom to ask, without what it once asked for", () => {
    show({ status: "deactivated" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your account has been deactivated");
    expect(screen.getByText("This account has been deactivated, so it can no longer be used.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact-us");
    expect(screen.queryByText("You asked for")).toBeNull();
    expect(screen.queryByText(/could not approve/)).toBeNull();
  });

  it("sends an active account on to its dashboard, saying until when it is open", () => {
    show({ status: "active", expiresAt: "2029-11-23T12:00:00.000Z" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your account is active");
    expect(screen.getByText("Everything is open to you until 23 November 2029.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your dashboard" }).getAttribute("href")).toBe("/student-dashboard");
  });
});
