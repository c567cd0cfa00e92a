import { describe, expect, it } from "vitest";
import { PRESETS, mapAttributes } from "./mapping";

describe("mapAttributes", () => {
  it("reads Shibboleth's eduPerson attributes, scoped affiliations included", () => {
    const person = mapAttributes(
      {
        "urn:oid:0.9.2342.19200300.100.1.3": ["Ada.Lovelace@Demo.test"],
        "urn:oid:2.5.4.42": "Ada",
        "urn:oid:2.5.4.4": ["Lovelace"],
        "urn:oid:1.3.6.1.4.1.5923.1.1.1.9": ["member@demo.test", "student@demo.test"],
      },
      PRESETS.shibboleth,
    );
    expect(person).toEqual({
      email: "ada.lovelace@demo.test",
      givenName: "Ada",
      familyName: "Lovelace",
      affiliation: "student",
    });
  });

  it("puts student before staff before alum, and knows none of other values", () => {
    const m = PRESETS.custom;
    expect(mapAttributes({ eduPersonAffiliation: ["staff", "student"] }, m).affiliation).toBe("student");
    expect(mapAttributes({ eduPersonAffiliation: ["Faculty", "alum"] }, m).affiliation).toBe("staff");
    expect(mapAttributes({ eduPersonAffiliation: "alum" }, m).affiliation).toBe("alum");
    expect(mapAttributes({ eduPersonAffiliation: ["affiliate"] }, m).affiliation).toBeNull();
    expect(mapAttributes({}, m)).toEqual({ email: null, givenName: null, familyName: null, affiliation: null });
  });

  it("maps an Entra ID groups claim through the group IDs the admin named", () => {
    const mapping = { ...PRESETS.entra, student: ["9f1c-students"], staff: ["77aa-staff"] };
    const claims = { email: "s@demo.test", given_name: "Sam", family_name: "Lee", groups: ["77aa-staff"] };
    expect(mapAttributes(claims, mapping).affiliation).toBe("staff");
    // An empty value list matches nothing, whatever the groups.
    expect(mapAttributes(claims, PRESETS.entra).affiliation).toBeNull();
  });
});
