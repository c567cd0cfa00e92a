import { describe, expect, it } from "vitest";
import { statusLabel } from "./jobs-pages.server";

describe("a job's status in the employer's list", () => {
  const job = (status: "open" | "closed" | "draft" | "pending", closingDate: string | null = null) => ({
    status,
    closingDate,
    closedAt: status === "closed" ? new Date("2026-11-20T12:00:00Z") : null,
  });

  it("names each status, an open job past its closing date closed, as the job pages and search judge it", () => {
    expect(statusLabel(job("draft"), "2026-11-28")).toBe("Draft");
    expect(statusLabel(job("pending"), "2026-11-28")).toBe("Waiting for review");
    expect(statusLabel(job("open", "2026-11-28"), "2026-11-28")).toBe("Open");
    expect(statusLabel(job("open", "2026-11-27"), "2026-11-28")).toBe("Closed");
    expect(statusLabel(job("closed"), "2026-11-28")).toBe("Closed");
  });
});
