import { describe, expect, it } from "vitest";
import { BODY_LIMITS, FORM_BYTES, bodyLimitFor, sizeInWords, tooLargeMessage } from "./body-limits";

describe("bodyLimitFor", () => {
  it("gives an address its pattern's limit, and a form's to every other", () => {
    expect(bodyLimitFor("/api/cvs/12/photo")).toEqual({ bytes: 2 * 1024 * 1024 });
    expect(bodyLimitFor("/api/cvs/12")).toBe(BODY_LIMITS["/api/cvs/:id"]);
    expect(bodyLimitFor("/university-user-profile/branding").files).toEqual({
      logo: 2 * 1024 * 1024,
      idp_metadata_file: 512 * 1024,
    });
    expect(bodyLimitFor("/university-user-profile/roster").files).toEqual({
      roster: 20 * 1024 * 1024,
      logo: 2 * 1024 * 1024,
      idp_metadata_file: 512 * 1024,
    });
    expect(bodyLimitFor("/university-user-profile")).toBe(BODY_LIMITS["/university-user-profile/:type?"]);
    expect(bodyLimitFor("/login")).toEqual({ bytes: FORM_BYTES });
    expect(bodyLimitFor("/no/such/page")).toEqual({ bytes: FORM_BYTES });
  });

  it("reads an address as React Router does: .data stripped, any case, a trailing slash", () => {
    expect(bodyLimitFor("/university-dashboard.data")).toBe(BODY_LIMITS["/university-dashboard"]);
    expect(bodyLimitFor("/University-Dashboard/")).toBe(BODY_LIMITS["/university-dashboard"]);
    expect(bodyLimitFor("/_.data")).toEqual({ bytes: FORM_BYTES });
    expect(bodyLimitFor("/my-cvs.data").files).toHaveProperty("file");
  });

  it("gives a form with files room for its typed fields beside them", () => {
    expect(BODY_LIMITS["/university-dashboard"]).toEqual({
      bytes: FORM_BYTES + 1024 * 1024,
      files: { file: 1024 * 1024 },
    });
  });
});

describe("the 413 message", () => {
  it("names the size in words", () => {
    expect(sizeInWords(2 * 1024 * 1024)).toBe("2 MB");
    expect(sizeInWords(208 * 1024)).toBe("208 KiB");
    expect(sizeInWords(256)).toBe("256 bytes");
  });

  it("says what was too large: an endpoint's body, a page's file or form", () => {
    expect(tooLargeMessage({ bytes: 16 * 1024 }, "body")).toBe("The body is larger than 16 KiB");
    expect(tooLargeMessage(BODY_LIMITS["/university-dashboard"]!, "form")).toBe(
      "The file is larger than 1 MB, the most this page takes: choose a smaller one and send the form again.",
    );
    expect(tooLargeMessage({ bytes: FORM_BYTES }, "form")).toBe(
      "The form is larger than 64 KiB, the most this page takes: shorten it and send it again.",
    );
  });
});
