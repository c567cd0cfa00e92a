import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Open/closed state of a header disclosure (the small-screen menu, the Tools list) whose panel has
 * the id `panelId`. It closes when the page changes, since the link that was followed sits in it.
 */
export function useDisclosure(panelId: string) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  // A toggle used before the page's JavaScript ran opened the panel through the address (#panelId).
  useEffect(() => {
    if (window.location.hash === `#${panelId}`) setOpen(true);
  }, [panelId]);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  return { open, button, toggle, close };
}

type ToggleProps = {
  hydrated: boolean;
  panelId: string;
  state: ReturnType<typeof useDisclosure>;
  className: string;
  children: React.ReactNode;
};

/**
 * The disclosure's button. Until the page's JavaScript runs (or without it) it is a link to the
 * panel, which CSS shows as the address's :target, so the panel can always be reached.
 */
export function DisclosureToggle({ hydrated, panelId, state, className, children }: ToggleProps) {
  if (!hydrated) {
    return (
      <a href={`#${panelId}`} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button
      ref={state.button}
      type="button"
      aria-expanded={state.open}
      aria-controls={panelId}
      onClick={state.toggle}
      className={className}
    >
      {children}
    </button>
  );
}

/** Escape inside any of `regions` (while open) closes the disclosure and gives its button the focus back. */
export function useCloseOnEscape(
  state: ReturnType<typeof useDisclosure>,
  regions: React.RefObject<HTMLElement | null>[],
) {
  const { open, close } = state;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Listeners sit on the regions, so the innermost open disclosure hears an Escape first and the outer ones see it handled.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    };
    const elements = regions.map((r) => r.current).filter((e): e is HTMLElement => e !== null);
    for (const e of elements) e.addEventListener("keydown", onKey);
    return () => {
      for (const e of elements) e.removeEventListener("keydown", onKey);
    };
  }, [open, close, regions]);
}

/** Closes a dropdown over the page when a pointer goes down, or the focus moves, outside `region`. */
export function useCloseWhenLeft(state: ReturnType<typeof useDisclosure>, region: React.RefObject<HTMLElement | null>) {
  const { open, close } = state;
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (!region.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, close, region]);
}
