// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildCountries } from "../countries";
import { Flag, hasFlag } from "./flag";
import { PhoneInput, type PhoneInputProps, TYPE_TO_FIND_RESET_MS } from "./phone-input";

const lookup = vi.fn<(url: string) => Promise<string>>();

beforeEach(() => {
  lookup.mockReset();
  lookup.mockResolvedValue("2;;;UNKNOWN");
  vi.stubGlobal("fetch", (url: string) => lookup(url).then((text) => ({ text: () => Promise.resolve(text) })));
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(props: Partial<PhoneInputProps> = {}) {
  const utils = render(<PhoneInput label="Phone number" name="phone" {...props} />);
  const input = screen.getByLabelText("Phone number") as HTMLInputElement;
  const button = screen.getByRole("combobox");
  const hidden = (n: string) => utils.container.querySelector(`input[type=hidden][name="${n}"]`) as HTMLInputElement;
  return { ...utils, input, button, hidden };
}
/** The file name of the flag image shown in `element`, without the build's content hash. */
const flagFile = (element: Element) => {
  const src = element.querySelector("img")?.getAttribute("src");
  return src ? (/\/([A-Z]{2})(?:-[\w-]+)?\.svg/.exec(src)?.[1] ?? src) + ".svg" : null;
};
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe("PhoneInput defaults (spec section 9)", () => {
  it("has the placeholder, maxlength 25, a flag and the country in the selector's name", async () => {
    const { input, button } = setup({ defaultCountry: "GB" });
    expect(input.placeholder).toBe("Enter a phone number");
    expect(input.maxLength).toBe(25);
    expect(input.type).toBe("tel");
    expect(button.getAttribute("aria-label")).toBe("Country: United Kingdom +44");
    expect(flagFile(button)).toBe("GB.svg");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("formats as you type and carries E.164 in the hidden field", () => {
    const { input, hidden } = setup({ defaultCountry: "GB" });
    type(input, "02079460000");
    expect(input.value).toBe("020 7946 0000");
    expect(hidden("phone").value).toBe("+442079460000");
    expect(hidden("phone_country").value).toBe("GB");
  });

  it("leaves the text alone with autoFormat off", () => {
    const { input } = setup({ defaultCountry: "GB", autoFormat: false });
    type(input, "02079460000");
    expect(input.value).toBe("02079460000");
  });
});

describe("the country follows a number typed with +", () => {
  it.each([
    ["+33612345678", "France +33"],
    ["+1 268 464 1234", "Antigua & Barbuda +1"],
    ["+1 212", "United States +1"],
    ["+44 20", "United Kingdom +44"],
  ])("%s shows %s", (number, name) => {
    const { input, button } = setup({ defaultCountry: "IE" });
    type(input, number);
    expect(button.getAttribute("aria-label")).toBe(`Country: ${name}`);
  });

  it("takes the country from a defaultValue starting with + before anything else", async () => {
    const { button } = setup({ defaultValue: "+353 1 234 5678", defaultCountry: "GB" });
    await flush();
    expect(button.getAttribute("aria-label")).toBe("Country: Ireland +353");
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe("default country (spec section 4)", () => {
  it("uses the configured country without asking the look-up", async () => {
    const { button } = setup({ defaultCountry: "au" });
    await flush();
    expect(button.getAttribute("aria-label")).toBe("Country: Australia +61");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("otherwise asks the IP look-up and uses its answer", async () => {
    lookup.mockResolvedValue("1;IE;IRL;Ireland");
    const { button } = setup({ ipLookupUrl: "/lookup" });
    await flush();
    expect(lookup).toHaveBeenCalledWith("/lookup");
    expect(button.getAttribute("aria-label")).toBe("Country: Ireland +353");
  });

  it("warns and falls back to the first preferred country when the look-up fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    lookup.mockRejectedValue(new Error("offline"));
    const { button } = setup({ preferredCountries: ["CA", "GB"] });
    await flush();
    expect(warn).toHaveBeenCalledWith("unable to fetch the country");
    expect(button.getAttribute("aria-label")).toBe("Country: Canada +1");
  });

  it("falls back to the first listed country without preferred ones", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { button } = setup({ onlyCountries: ["NZ", "DE"] });
    await flush();
    expect(button.getAttribute("aria-label")).toBe("Country: Germany +49");
  });

  it("never lets a late answer override a country the person chose", async () => {
    let answer!: (text: string) => void;
    lookup.mockReturnValue(new Promise((r) => (answer = r)));
    const { button } = setup({ preferredCountries: ["GB"] });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    fireEvent.keyDown(button, { key: "Enter" });
    const picked = button.getAttribute("aria-label");
    await act(async () => answer("1;FR;FRA;France"));
    await flush();
    expect(button.getAttribute("aria-label")).toBe(picked);
  });

  it("gives up on a look-up that does not answer in time, and falls back", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      (_url: string, init: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const { button } = setup({ preferredCountries: ["AU"], ipLookupTimeoutMs: 2000 });
    await act(async () => vi.advanceTimersByTime(1999));
    expect(warn).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(warn).toHaveBeenCalledWith("unable to fetch the country");
    expect(button.getAttribute("aria-label")).toBe("Country: Australia +61");
  });

  it("does not look up when autoDefaultCountry is off", async () => {
    setup({ autoDefaultCountry: false });
    await flush();
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe("the dropdown by keyboard", () => {
  it("opens with ArrowDown on the selected country, moves, and picks with Enter", () => {
    const { button, hidden } = setup({ defaultCountry: "GB" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const active = () => document.getElementById(button.getAttribute("aria-activedescendant")!)!;
    expect(active().getAttribute("aria-label")).toBe("United Kingdom +44");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(active().getAttribute("aria-label")).toBe("United States +1");
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    fireEvent.keyDown(button, { key: "Enter" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(hidden("phone_country").value).toBe("US");
  });

  it("closes with Escape and with Tab, keeping the country", () => {
    const { button } = setup({ defaultCountry: "GB" });
    fireEvent.keyDown(button, { key: "Enter" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    fireEvent.keyDown(button, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-label")).toBe("Country: United Kingdom +44");
    fireEvent.keyDown(button, { key: "Enter" });
    fireEvent.keyDown(button, { key: "Tab" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("jumps to a country by typed letters, which reset 700 ms after the last key", () => {
    vi.useFakeTimers();
    const { button } = setup({ defaultCountry: "GB" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const active = () =>
      document.getElementById(button.getAttribute("aria-activedescendant")!)!.getAttribute("aria-label");
    fireEvent.keyDown(button, { key: "g" });
    fireEvent.keyDown(button, { key: "e" });
    expect(active()).toBe("Georgia +995");
    act(() => vi.advanceTimersByTime(TYPE_TO_FIND_RESET_MS - 1));
    fireEvent.keyDown(button, { key: "r" });
    expect(active()).toBe("Germany +49");
    act(() => vi.advanceTimersByTime(TYPE_TO_FIND_RESET_MS));
    fireEvent.keyDown(button, { key: "i" });
    expect(active()).toBe("Iceland +354");
  });

  it("closes on a click outside", () => {
    const { button } = setup({ defaultCountry: "GB" });
    fireEvent.click(button);
    expect(screen.getByRole("listbox")).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens upward when less than 200 px lie below", () => {
    const { button } = setup({ defaultCountry: "GB" });
    vi.spyOn(button, "getBoundingClientRect").mockReturnValue({ bottom: window.innerHeight - 150 } as DOMRect);
    fireEvent.click(button);
    expect(screen.getByRole("listbox").parentElement!.dataset.placement).toBe("top");
    fireEvent.click(button);
    vi.spyOn(button, "getBoundingClientRect").mockReturnValue({ bottom: window.innerHeight - 250 } as DOMRect);
    fireEvent.click(button);
    expect(screen.getByRole("listbox").parentElement!.dataset.placement).toBe("bottom");
  });
});

describe("options", () => {
  it("lists preferred countries first, only allowed ones, without ignored ones", () => {
    const { button } = setup({
      preferredCountries: ["IE"],
      onlyCountries: ["GB", "IE", "FR"],
      ignoredCountries: ["FR"],
    });
    fireEvent.click(button);
    expect(screen.getAllByRole("option").map((o) => o.getAttribute("aria-label"))).toEqual([
      "Ireland +353",
      "United Kingdom +44",
    ]);
  });

  it("makes a number of an excluded country invalid", () => {
    const { input, hidden } = setup({ defaultCountry: "GB", ignoredCountries: ["FR"] });
    type(input, "+33 6 12 34 56 78");
    fireEvent.blur(input);
    expect(hidden("phone").value).toBe("");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("filters the list with the search box by name, code and dial code", () => {
    const { button } = setup({ defaultCountry: "GB", showSearchBox: true });
    fireEvent.click(button);
    const searchBox = screen.getByRole("combobox", { name: "Search countries" });
    const names = () => screen.getAllByRole("option").map((o) => o.getAttribute("aria-label"));
    fireEvent.change(searchBox, { target: { value: "zeal" } });
    expect(names()).toEqual(["New Zealand +64"]);
    fireEvent.change(searchBox, { target: { value: "ie" } });
    expect(names()).toContain("Ireland +353");
    fireEvent.change(searchBox, { target: { value: "+353" } });
    expect(names()).toEqual(["Ireland +353"]);
    fireEvent.keyDown(searchBox, { key: "Enter" });
    expect(button.getAttribute("aria-label")).toBe("Country: Ireland +353");
  });

  it("hides flags and list dial codes when asked", () => {
    const { button } = setup({ defaultCountry: "GB", showFlags: false, showDialCodeInList: false });
    expect(button.querySelector("img")).toBeNull();
    fireEvent.click(button);
    const uk = screen.getByRole("option", { name: "United Kingdom +44" });
    expect(uk.textContent).toBe("United Kingdom");
    expect(uk.querySelector("img")).toBeNull();
  });

  it("keeps only valid characters when validCharactersOnly is on", () => {
    const { input } = setup({ defaultCountry: "GB", validCharactersOnly: true, autoFormat: false });
    type(input, "020x7946#0000");
    expect(input.value).toBe("02079460000");
  });

  it("applies customValidate and shows invalidMsg after leaving the field", () => {
    const { input } = setup({ defaultCountry: "GB", customValidate: /^020/, invalidMsg: "London numbers only" });
    type(input, "0161 496 0000");
    expect(screen.queryByText("London numbers only")).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText("London numbers only")).toBeTruthy();
    expect(input.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("explains a short number after leaving the field", () => {
    const { input } = setup({ defaultCountry: "GB" });
    type(input, "020 7");
    fireEvent.blur(input);
    expect(screen.getByText(/too short/)).toBeTruthy();
  });

  it("shows the server's error until the number is edited", () => {
    const { input } = setup({ defaultCountry: "GB", error: "Enter a valid phone number" });
    expect(screen.getByText("Enter a valid phone number")).toBeTruthy();
    type(input, "020");
    expect(screen.queryByText("Enter a valid phone number")).toBeNull();
  });

  it("describes the field with its hint, and shows a new server error on each answer", () => {
    const { input, rerender } = setup({ defaultCountry: "GB", hint: "Optional" });
    expect(document.getElementById(input.getAttribute("aria-describedby")!)!.textContent).toBe("Optional");
    rerender(<PhoneInput label="Phone number" name="phone" defaultCountry="GB" hint="Optional" error="Too short" />);
    expect(input.getAttribute("aria-describedby")!.split(" ")).toHaveLength(2);
    expect(screen.getByText("Too short")).toBeTruthy();
  });

  it("works as a controlled component", () => {
    const onChange = vi.fn();
    const { input, rerender } = setup({ defaultCountry: "GB", value: "", onChange });
    type(input, "02079460000");
    expect(onChange).toHaveBeenCalledWith(
      "020 7946 0000",
      expect.objectContaining({ valid: true, country: "GB", countryCode: "44" }),
    );
    expect(input.value).toBe("");
    rerender(
      <PhoneInput label="Phone number" name="phone" defaultCountry="GB" value="020 7946 0000" onChange={onChange} />,
    );
    expect(input.value).toBe("020 7946 0000");
  });

  it("can be disabled and required", () => {
    const { input, button } = setup({ defaultCountry: "GB", disabled: true, required: true });
    expect(input.disabled).toBe(true);
    expect(input.required).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("flags", () => {
  it("shows each listed country's own flag as a decorative image, loaded when scrolled to", () => {
    const { button } = setup({ defaultCountry: "GB", onlyCountries: ["GB", "XK", "AC", "TA"] });
    fireEvent.click(button);
    for (const [name, file] of [
      ["United Kingdom +44", "GB.svg"],
      ["Kosovo +383", "XK.svg"],
      ["Ascension Island +247", "AC.svg"],
      ["Tristan da Cunha +290", "TA.svg"],
    ]) {
      const option = screen.getByRole("option", { name });
      expect(flagFile(option)).toBe(file);
      const image = option.querySelector("img")!;
      expect(image.getAttribute("alt")).toBe("");
      expect(image.getAttribute("loading")).toBe("lazy");
    }
  });

  it("has a flag for every region the phone input lists", () => {
    const regions = buildCountries().map((c) => c.iso2);
    expect(regions).toHaveLength(245);
    expect(regions.filter((r) => !hasFlag(r))).toEqual([]);
  });

  it("shows a neutral box, hidden from assistive technology, for a region without a flag", () => {
    const { container } = render(<Flag iso2="ZZ" />);
    expect(container.querySelector("img")).toBeNull();
    const box = container.firstElementChild!;
    expect(box.getAttribute("aria-hidden")).toBe("true");
    expect(hasFlag("ZZ")).toBe(false);
  });
});
