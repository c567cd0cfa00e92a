import { parseCookies, serializeCookie } from "./cookies";
import { type Config, secureCookies } from "./env.server";

const FLASH_COOKIE = "flash";

/** A one-time message for the next page the browser shows (e.g. after logging out). */
export function flashCookie(config: Config, message: string): string {
  return serializeCookie(FLASH_COOKIE, message, { expires: "1min", httpOnly: true, secure: secureCookies(config) });
}

export function readFlash(request: Request, config: Config): { message: string | null; headers: HeadersInit } {
  const message = parseCookies(request.headers.get("cookie"))[FLASH_COOKIE] ?? null;
  if (!message) return { message: null, headers: {} };
  return {
    message: message.slice(0, 200),
    headers: {
      "Set-Cookie": serializeCookie(FLASH_COOKIE, "", { expires: 0, httpOnly: true, secure: secureCookies(config) }),
    },
  };
}
