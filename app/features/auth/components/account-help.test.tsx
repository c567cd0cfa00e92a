// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MicrositeHelp } from "./account-help";

afterEach(cleanup);

describe("MicrositeHelp", () => {
  it("links to the careers service's email and website and to the main site's Contact us", () => {
    render(
      <MicrositeHelp
        universityName="Demo University"
        contact={{ email: "careers@demo.test", url: "https://demo.test/careers" }}
        contactUsUrl="https://careers.example/contact-us"
      />,
    );
    expect(screen.getByRole("heading", { name: "Need help?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "careers@demo.test" }).getAttribute("href")).toBe(
      "mailto:careers@demo.test",
    );
    expect(screen.getByRole("link", { name: "Demo University careers service website" }).getAttribute("href")).toBe(
      "https://demo.test/careers",
    );
    expect(screen.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe(
      "https://careers.example/contact-us",
    );
  });

  it("still names the careers service when it has no contact, and leaves out what is not known", () => {
    render(
      <MicrositeHelp universityName="Second University" contact={{ email: null, url: null }} contactUsUrl={null} />,
    );
    expect(screen.getByText(/contact the Second University careers service\./)).toBeTruthy();
    expect(screen.queryAllByRole("link")).toEqual([]);
  });
});
