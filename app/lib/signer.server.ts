import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "./secret.server";

/**
 * HMAC signatures for links sent by email (unsubscribe, manage a booking, download an e-book): each
 * use has its own key, so a signature made for one means nothing in another.
 */
export class Signer {
  private key: Buffer;
  constructor(secret: string, purpose: string) {
    this.key = derivedKey(secret, purpose);
  }

  sign(message: string): string {
    return createHmac("sha256", this.key).update(message).digest("base64url");
  }

  verify(message: string, signature: string | null | undefined): boolean {
    if (!signature) return false;
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
