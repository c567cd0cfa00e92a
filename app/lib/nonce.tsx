import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of the response being rendered on the server. Never sent as data. */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: React.ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>;
}

let documentNonce: string | undefined;

/**
 * The nonce for inline `<script>` and `<style>` elements. In the browser it is read back from the
 * document's own nonced script (the `nonce` property survives the browser hiding the attribute), so
 * hydration renders the same value the server did: without it React reports every nonced element,
 * React Router's `<Links>` among them, as a mismatch.
 */
export function useNonce(): string | undefined {
  const serverNonce = useContext(NonceContext);
  if (serverNonce !== undefined || typeof document === "undefined") return serverNonce;
  documentNonce ||= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  return documentNonce;
}
