import { expect, expectNoA11yViolations, test } from "./fixtures";

const HEADER = "student_id,email,first_name,last_name,course,level,expected_graduation,status";
const file = (...lines: string[]) => ({
  name: "sits.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...lines].join("\n")),
});

test("an admin uploads the student records, corrects a bad line, previews and applies them", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin", { to: "/university-user-profile/roster" });
  const upload = async (csv: ReturnType<typeof file>) => {
    await page.getByLabel("CSV file").setInputFiles(csv);
    await page.getByLabel("The whole list: students not in it have left").check();
    await page.getByRole("button", { name: "Preview the changes" }).click();
  };

  await upload(file("E2E-1,e2e.one@mail.example,Eve,One,History,undergraduate,2027-6,active"));
  const lines = page.getByRole("table", { name: /Lines to correct \(1\)/ });
  await expect(lines.getByRole("row", { name: /2 expected_graduation Write the month as YYYY-MM/ })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expectNoA11yViolations(page);

  await upload(
    file(
      "E2E-1,e2e.one@mail.example,Eve,One,History,undergraduate,2027-06,active",
      "E2E-2,e2e.two@mail.example,Ed,Two,Law,postgraduate_taught,2026-09,active",
    ),
  );
  const preview = page.getByRole("region", { name: "Preview of sits.csv (the whole list)" });
  await expect(preview.getByRole("definition")).toHaveText(["2", "0", "0", "0"]);
  await expect(preview.getByRole("row", { name: /E2E-2 Added 3/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await preview.getByRole("button", { name: "Apply the changes" }).click();
  await expect(
    page.getByText("Your student records are updated: 2 added, 0 changed, 0 unchanged, 0 marked as left."),
  ).toBeVisible();
  await expect(page.getByText("Your student records: 2 active, 0 suspended, 0 left.")).toBeVisible();

  // The whole list without Ed: he is marked as left only once the admin ticks the box.
  await upload(file("E2E-1,e2e.one@mail.example,Eve,One,History,undergraduate,2027-06,active"));
  await expect(preview.getByRole("definition")).toHaveText(["0", "0", "1", "1"]);
  await preview.getByRole("button", { name: "Apply the changes" }).click();
  await expect(page.getByRole("alert")).toContainText("Tick the box to confirm that 1 student will be marked as left");
  await expectNoA11yViolations(page);
  await preview.getByLabel(/Yes, mark 1 student who is not in the file as left/).check();
  await preview.getByRole("button", { name: "Apply the changes" }).click();
  await expect(page.getByText(/1 marked as left/)).toBeVisible();
  await expect(page.getByText("Your student records: 1 active, 0 suspended, 1 left.")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an admin makes an API key, sees it once, and revokes it", async ({ page, loginAs }) => {
  await loginAs("admin", { to: "/university-user-profile/api-keys" });
  await page.getByRole("button", { name: "Create a key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await page.getByLabel("Key name").fill("E2E nightly export");
  await page.getByRole("button", { name: "Create a key" }).click();
  const made = page.getByRole("status").filter({ hasText: "The key “E2E nightly export”" });
  await expect(made.getByLabel("Key")).toHaveValue(/^rk_[\w-]{43}$/);
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(page.getByLabel("Key", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke the key “E2E nightly export”" }).click();
  await expect(page.getByText("The key “E2E nightly export” is revoked: it no longer works.")).toBeVisible();
  await expect(page.getByRole("row", { name: /E2E nightly export .* Revoked/ })).toBeVisible();
  await expectNoA11yViolations(page);
});
