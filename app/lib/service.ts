import type { RouterContext, RouterContextProvider } from "react-router";

/**
 * What one part of the app contributes to the running server: the values it puts into every
 * request's context and the step that stops it. The composition root (server/services.server.ts)
 * starts each part and knows no more of it than this.
 */
export type Service = {
  provide(context: RouterContextProvider): void;
  close?(): Promise<void>;
};

/** A service that puts one value into every request's context. */
export function provides<T>(key: RouterContext<T>, value: T, close?: () => Promise<void>): Service {
  return { provide: (context) => context.set(key, value), close };
}

/** A start-up problem an operator can fix; the server prints its message and exits. */
export class StartupError extends Error {}
